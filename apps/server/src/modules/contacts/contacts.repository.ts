import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { ContactsTable, PsicoNotesTable } from '../../db/tables/contacts.ts';

export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type ContactChanges = Updateable<ContactsTable>;
export type PsicoNoteRow = Selectable<PsicoNotesTable>;

/**
 * The professional's live (not deleted) contacts, where every lookup of one starts: another
 * professional's ref, email or account finds nothing.
 */
function liveContactsOf(db: DB, professionalId: number) {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('professional_id', '=', professionalId)
    .where('deleted_at', 'is', null);
}

export function findLiveContactByRef(db: DB, professionalId: number, ref: string) {
  return liveContactsOf(db, professionalId).where('ref', '=', ref).executeTakeFirst();
}

export function findLiveContactByEmail(db: DB, professionalId: number, email: string) {
  return liveContactsOf(db, professionalId).where('email', '=', email).executeTakeFirst();
}

export function findLiveContactByUser(db: DB, professionalId: number, userId: number) {
  return liveContactsOf(db, professionalId).where('user_id', '=', userId).orderBy('id').executeTakeFirst();
}

/** The professional's live contacts with the linked account's ref (the chat target), by name. */
export function listLiveContacts(db: DB, professionalId: number, ref?: string) {
  let query = db
    .selectFrom('contacts')
    .leftJoin('users', 'users.id', 'contacts.user_id')
    .selectAll('contacts')
    .select(['users.ref as userRef'])
    .where('contacts.professional_id', '=', professionalId)
    .where('contacts.deleted_at', 'is', null);
  if (ref !== undefined) query = query.where('contacts.ref', '=', ref);
  return query.orderBy('contacts.last_name').orderBy('contacts.first_name').orderBy('contacts.id').execute();
}

export async function findLinkedUserRef(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('ref').where('id', '=', userId).executeTakeFirst();
  return row?.ref ?? null;
}

export async function insertContact(db: DB, row: NewContactRow): Promise<number> {
  return insertReturningId(db, 'contacts', row);
}

export async function updateContactRow(db: DB, id: number, changes: ContactChanges): Promise<void> {
  await db.updateTable('contacts').set(changes).where('id', '=', id).execute();
}

export async function countLiveContacts(db: DB, professionalId: number): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('professional_id', '=', professionalId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A contact's live (not deleted) session notes, where both reads of them start. */
function liveNotesOf(db: DB, contactId: number) {
  return db.selectFrom('psico_notes').where('contact_id', '=', contactId).where('deleted_at', 'is', null);
}

/** Session notes of a contact, newest first (spec 001 §2.4), one page at a time. */
export function listPsicoNotes(db: DB, contactId: number, offset: number, limit: number) {
  return liveNotesOf(db, contactId)
    .select(['ref', 'note', 'created_at', 'updated_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findPsicoNote(db: DB, contactId: number, ref: string) {
  return liveNotesOf(db, contactId).selectAll().where('ref', '=', ref).executeTakeFirst();
}

export async function insertPsicoNote(db: DB, row: Insertable<PsicoNotesTable>): Promise<void> {
  await db.insertInto('psico_notes').values(row).execute();
}

/** Keeps the previous text as a version before replacing it. */
export async function replacePsicoNote(
  db: DB,
  note: PsicoNoteRow,
  text: string,
  actorId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('psico_note_versions')
    .values({
      psico_note_id: note.id,
      note: note.note,
      written_at: note.updated_at,
      replaced_by: actorId,
      replaced_at: now,
    })
    .execute();
  await db
    .updateTable('psico_notes')
    .set({ note: text, updated_at: now })
    .where('id', '=', note.id)
    .execute();
}

export function listPsicoNoteVersions(db: DB, psicoNoteId: number) {
  return db
    .selectFrom('psico_note_versions')
    .selectAll()
    .where('psico_note_id', '=', psicoNoteId)
    .orderBy('id')
    .execute();
}

/** A contact's bookings with this professional (by contact, or by the linked account), newest first. */
export function listContactBookings(
  db: DB,
  professionalId: number,
  contactId: number,
  userId: number | null,
) {
  return db
    .selectFrom('bookings')
    .innerJoin('publications', 'publications.id', 'bookings.publication_id')
    .select([
      'bookings.ref',
      'publications.title',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.state',
    ])
    .where('bookings.professional_id', '=', professionalId)
    .where((eb) =>
      userId === null
        ? eb('bookings.contact_id', '=', contactId)
        : eb.or([eb('bookings.contact_id', '=', contactId), eb('bookings.client_id', '=', userId)]),
    )
    .where('bookings.state', '!=', 'held')
    .orderBy('bookings.starts_at', 'desc')
    .limit(200)
    .execute();
}
