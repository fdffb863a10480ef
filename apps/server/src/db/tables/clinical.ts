import type { ClinicalAreaKey } from '@agendo/contract/clinical-fields';
import type { Generated } from 'kysely';

/** Tables of the clinical slice. */
export interface ClinicalTables {
  audit_events: AuditEventsTable;
  clinical_entries: ClinicalEntriesTable;
  clinical_entry_versions: ClinicalEntryVersionsTable;
  clinical_files: ClinicalFilesTable;
}

export type AuditAction =
  | 'read'
  | 'create'
  | 'update'
  | 'delete'
  | 'export'
  | 'print'
  | 'upload'
  | 'download';
export type AuditOutcome = 'ok' | 'denied' | 'error';

/**
 * Ley 26.529 / 25.326: who did what to which clinical record and when. Rows are only ever
 * appended; no repository function updates or deletes them.
 */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  /** The person at the keyboard (a corporate team member or the professional). */
  actor_id: number;
  /** The professional account whose records were touched. */
  owner_id: number;
  /** Null when the contact ref was unknown or foreign (a denied attempt). */
  contact_id: number | null;
  area: string;
  action: AuditAction;
  entity_ref: string | null;
  outcome: AuditOutcome;
  ip: string | null;
}

/** The area an entry belongs to: the contract's area keys. */
export type ClinicalArea = ClinicalAreaKey;

/** The current version of one clinical entry; its fields are a JSON payload checked by the contract. */
export interface ClinicalEntriesTable {
  id: Generated<number>;
  ref: string;
  professional_id: number;
  contact_id: number;
  area: ClinicalArea;
  /** spec 001 §3: background type 1 personal, 2 familiar; 0 for the other areas. */
  kind: number;
  /** The entry's clinical date (YYYY-MM-DD) used for ordering; the creation day when it has none. */
  entry_date: string;
  payload: string;
  prof_name: string;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Every saved state of an entry (create, each edit, the deletion), never rewritten. */
export interface ClinicalEntryVersionsTable {
  id: Generated<number>;
  entry_id: number;
  version: number;
  change: 'create' | 'update' | 'delete';
  payload: string;
  prof_name: string;
  entry_date: string;
  actor_id: number;
  recorded_at: string;
}

export type ClinicalFileArea = 'studies' | 'consents' | 'vaccines' | 'records';

/** A private file of a contact's record (uploads, and the generated record PDFs under 'records'). */
export interface ClinicalFilesTable {
  id: Generated<number>;
  ref: string;
  professional_id: number;
  contact_id: number;
  area: ClinicalFileArea;
  /** 'image' | 'pdf' | 'doc' */
  kind: string;
  mime: string;
  original_name: string;
  size: number;
  /** Path relative to the private storage root. */
  storage_key: string;
  /** The webp large view of an image. */
  large_key: string | null;
  actor_id: number;
  created_at: string;
}
