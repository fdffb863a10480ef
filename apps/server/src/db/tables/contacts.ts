import type { Generated } from 'kysely';

/**
 * A professional's contact (consultante, spec 001 §2.2 and §3). Soft-deleted only: the clinical
 * history hanging from it is part of the health record and is never lost (Ley 26.529).
 */
export interface ContactsTable {
  id: Generated<number>;
  ref: string;
  professional_id: number;
  /** The client's own account when known (set when a client books, or by a matching e-mail). */
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  /** E.164. Null only for contacts created automatically from an account without a phone. */
  phone: string | null;
  country_id: number | null;
  state_id: number | null;
  city_id: number | null;
  street: string | null;
  floor: string | null;
  depto: string | null;
  pobox: string | null;
  /** spec 001 §2.2: 1 Hombre, 2 Mujer, 3 Transgenero. */
  gender: number | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  obra_social: string | null;
  num_obra_social: string | null;
  /** Document / id number ('userIdentify' of add-contact). */
  identify: string | null;
  img: string | null;
  /** The single free-text note per contact (find-notes / update-notes). */
  note: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Private session notes ('Apuntes', spec 001 §2.4). */
export interface PsicoNotesTable {
  id: Generated<number>;
  ref: string;
  contact_id: number;
  professional_id: number;
  /** Who typed it: the professional, or the team member of a corporate session. */
  author_id: number;
  note: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The text a session note had before each edit: notes are part of the record, never silently lost. */
export interface PsicoNoteVersionsTable {
  id: Generated<number>;
  psico_note_id: number;
  note: string;
  /** When the text was written (the note's updated_at before the edit). */
  written_at: string;
  /** Who replaced it, and when. */
  replaced_by: number;
  replaced_at: string;
}

/** Tables of the contacts slice. */
export interface ContactsTables {
  contacts: ContactsTable;
  psico_notes: PsicoNotesTable;
  psico_note_versions: PsicoNoteVersionsTable;
}
