import type { Generated } from 'kysely';

export interface LegalTables {
  legal_acceptances: LegalAcceptancesTable;
  account_deletions: AccountDeletionsTable;
}

/** One accepted version of one legal text (0033). */
export interface LegalAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  /** terms | privacy */
  document: string;
  /** LEGAL_VERSIONS of the contract: the text's last-change date. */
  version: string;
  accepted_at: string;
  ip: string | null;
}

/** A closed account (0033): its personal data is gone; clinical entries stay until the date. */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  user_ref: string;
  user_type: number;
  deleted_at: string;
  retain_clinical_until: string;
}
