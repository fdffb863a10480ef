/** The professional's own fiscal data (spec 002 §3, update-afip-data mode 1). */
export interface FiscalProfilesTable {
  user_id: number;
  razon_social: string;
  domicilio_fiscal: string;
  /** AFIP's condición frente al IVA: 1 or 6 for a professional. */
  condicion_iva: number;
  /** AFIP's document type: 80 (CUIT) for a professional. */
  doc_tipo: number;
  cuit: string;
  punto_venta: number;
  /** Start of activities, 'YYYY-MM-DD'. */
  fecha_inicio: string;
  updated_at: string;
}

/** A client's fiscal data as the professional last invoiced them (mode 2). */
export interface ContactFiscalDataTable {
  contact_id: number;
  razon_social: string;
  domicilio_fiscal: string;
  /** 1, 4, 5, 6 or 13. */
  condicion_iva: number;
  /** 80 CUIT, 86 CUIL, 96 DNI, 0 none (then cuit is ''). */
  doc_tipo: number;
  cuit: string;
  updated_at: string;
}

/** Tables of the invoicing slice's fiscal data. */
export interface FiscalTables {
  fiscal_profiles: FiscalProfilesTable;
  contact_fiscal_data: ContactFiscalDataTable;
}
