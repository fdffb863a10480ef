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

export interface AfipTables {
  afip_credentials: AfipCredentialsTable;
  afip_tickets: AfipTicketsTable;
  afip_sequences: AfipSequencesTable;
  afip_requests: AfipRequestsTable;
}
