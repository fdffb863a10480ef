/**
 * The invoicing port (ADR 014): what Agendo asks of AFIP, whoever answers (AFIP's homologation
 * or production web services, or the offline imitation). Everything is bound to one taxpayer:
 * each professional signs in to AFIP with their own certificate and CUIT.
 */

/** WSAA service names: the electronic invoice and the registry (padrón alcance 13). */
export type AfipService = 'wsfe' | 'ws_sr_padron_a13';

/** A WSAA login ticket (TA): valid for every call to its service until `expiresAt`. */
export interface AfipTicket {
  token: string;
  sign: string;
  expiresAt: Date;
}

/** One error, observation or event as AFIP words it (Errors/Err, Observaciones/Obs). */
export interface AfipMessage {
  code: number;
  message: string;
}

/** Amounts in integer cents of the invoice's currency (ImpTotal and the rest are 2-decimal in the SOAP). */
export interface InvoiceRequest {
  pointOfSale: number;
  /** CbteTipo: 1 Factura A, 6 Factura B, 11 Factura C (contract rule of spec 002 §4). */
  voucherType: number;
  number: number;
  /** 1 products, 2 services, 3 both; 2 and 3 need the service dates and due date. */
  concept: 1 | 2 | 3;
  /** DocTipo: 80 CUIT, 86 CUIL, 96 DNI, 99 final consumer without document. */
  documentType: number;
  documentNumber: string;
  /** yyyy-mm-dd (AFIP's local date). */
  date: string;
  totalCents: number;
  /** Taxed net; for C (and B without discriminated VAT) the whole total. */
  netCents: number;
  vatCents: number;
  exemptCents?: number;
  untaxedCents?: number;
  /** AlicIva lines for A and B: Id 5 is 21 %, 4 is 10.5 %, 3 is 0 %. */
  vat?: { rateId: number; baseCents: number; amountCents: number }[];
  serviceFrom?: string;
  serviceTo?: string;
  dueDate?: string;
  /** MonId: PES for pesos. */
  currency?: string;
  exchangeRate?: number;
  /** RG 5616: the receptor's IVA condition (FEParamGetCondicionIvaReceptor id), mandatory. */
  receptorIvaCondition?: number;
}

export type AuthoriseResult =
  | {
      result: 'A';
      cae: string;
      /** yyyy-mm-dd. */
      caeExpiry: string;
      number: number;
      observations: AfipMessage[];
    }
  | { result: 'R'; errors: AfipMessage[]; observations: AfipMessage[] };

/** FECompConsultar: an invoice as AFIP recorded it. */
export interface AuthorisedInvoice {
  pointOfSale: number;
  voucherType: number;
  number: number;
  concept: number;
  documentType: number;
  documentNumber: string;
  date: string;
  totalCents: number;
  result: 'A' | 'R';
  /** CodAutorizacion: the CAE. */
  cae: string;
  caeExpiry: string;
  /** CAE for a CAE, CAEA for an anticipated one. */
  emissionType: string;
  receptorIvaCondition: number | null;
}

export interface ReceptorIvaCondition {
  id: number;
  description: string;
  /** Cmp_Clase: the invoice classes it may receive, such as 'A/M/C' or 'B/C'. */
  voucherClasses: string;
}

/** ws_sr_padron_a13 getPersona, reduced to what the fiscal data form fills in. */
export interface RegistryPerson {
  id: string;
  /** FISICA or JURIDICA. */
  personType: string;
  /** CUIT or CUIL. */
  keyType: string;
  /** ACTIVO when the key is usable. */
  keyState: string;
  /** The legal name of a company, or 'APELLIDO NOMBRE' of a person. */
  name: string;
  /** A person's apellido and nombre apart ('' for a company), as get-afip-padron answers them. */
  lastName: string;
  firstName: string;
  documentNumber: string | null;
  address: {
    street: string;
    locality: string;
    province: string;
    postalCode: string;
  } | null;
}

export interface AfipInvoicing {
  /** The taxpayer's CUIT these calls are made for. */
  readonly cuit: string;
  /** WSAA loginCms; reuses the shared ticket until it expires. */
  login(service: AfipService): Promise<AfipTicket>;
  /** FECompUltimoAutorizado: 0 when nothing was authorised yet. */
  lastAuthorised(pointOfSale: number, voucherType: number): Promise<number>;
  /** FECAESolicitar for one invoice. Throws AfipUnreachable when the answer did not arrive. */
  authorise(request: InvoiceRequest): Promise<AuthoriseResult>;
  /** FECompConsultar: null when AFIP has no such invoice (error 602). */
  consult(pointOfSale: number, voucherType: number, number: number): Promise<AuthorisedInvoice | null>;
  /** FEParamGetCondicionIvaReceptor, optionally for one invoice class (A, B, C, M). */
  receptorIvaConditions(voucherClass?: string): Promise<ReceptorIvaCondition[]>;
  /** ws_sr_padron_a13 getPersona: null when the registry has no such key. */
  person(id: string): Promise<RegistryPerson | null>;
  /** ws_sr_padron_a13 getIdPersonaListByDocumento: the CUIT/CUILs of a DNI. */
  personIdsByDocument(documentNumber: string): Promise<string[]>;
}

/** The taxpayer's certificate and key (opened from their sealed storage only for the call). */
export interface AfipCredentials {
  cuit: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The answer did not arrive (timeout, connection lost, a 5xx): AFIP may or may not have acted. */
export class AfipUnreachable extends Error {
  constructor(what: string, cause?: unknown) {
    super(`AFIP: ${what} sin respuesta`, { cause });
    this.name = 'AfipUnreachable';
  }
}

/** AFIP answered with an error that is not about the invoice's data (a SOAP fault, an auth error). */
export class AfipFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`AFIP ${code}: ${message}`);
    this.name = 'AfipFault';
  }
}
