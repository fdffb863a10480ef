import type { Generated } from 'kysely';

/** Which AFIP a row belongs to (0022): a certificate or ticket of one is worthless at another. */
export type AfipEnvironment = 'imitacion' | 'homologacion' | 'produccion';

export interface AfipCredentialsTable {
  id: Generated<number>;
  user_id: number;
  environment: AfipEnvironment;
  cuit: string;
  private_key_sealed: string;
  csr_pem: string;
  certificate_sealed: string | null;
  certificate_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AfipTicketsTable {
  environment: AfipEnvironment;
  cuit: string;
  service: string;
  token: string;
  sign: string;
  expires_at: string;
}

export interface AfipSequencesTable {
  environment: AfipEnvironment;
  cuit: string;
  point_of_sale: number;
  voucher_type: number;
  lease_token: string | null;
  lease_expires_at: string | null;
}

export interface AfipRequestsTable {
  id: Generated<number>;
  ref: string;
  environment: AfipEnvironment;
  cuit: string;
  point_of_sale: number;
  voucher_type: number;
  number: number;
  /** pending: asked, answer not (yet) known; authorised: AFIP gave the CAE. */
  state: 'pending' | 'authorised';
  cae: string | null;
  cae_expiry: string | null;
  total_cents: number;
  document_number: string;
  created_at: string;
  updated_at: string;
}

/** 0028: an issued invoice, as printed (issue 15). */
export interface InvoicesTable {
  id: Generated<number>;
  ref: string;
  seller_id: number;
  sale_id: number;
  contact_id: number;
  environment: AfipEnvironment;
  issuer_cuit: string;
  issuer_name: string;
  issuer_address: string;
  issuer_condition: number;
  issuer_start: string;
  point_of_sale: number;
  /** 1 Factura A, 6 Factura B, 11 Factura C. */
  voucher_type: number;
  number: number;
  /** 'YYYY-MM-DD' dates of the invoice, the service period and the payment due date. */
  issued_on: string;
  service_from: string;
  service_to: string;
  due_on: string;
  receptor_name: string;
  receptor_address: string;
  receptor_condition: number;
  /** AFIP's DocTipo as sent: 80, 86, 96, or 99 (no document). */
  receptor_doc_type: number;
  receptor_doc_number: string;
  concept: string;
  currency: string;
  total_minor: number;
  net_minor: number;
  vat_minor: number;
  cae: string;
  cae_expiry: string;
  email: string;
  /** The PDF under the private invoices root; null until it was written. */
  storage_key: string | null;
  created_at: string;
}

export interface AfipTables {
  invoices: InvoicesTable;
  afip_credentials: AfipCredentialsTable;
  afip_tickets: AfipTicketsTable;
  afip_sequences: AfipSequencesTable;
  afip_requests: AfipRequestsTable;
}
