import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type {
  ClinicalArea,
  ClinicalEntriesTable,
  ClinicalEntryVersionsTable,
} from '../../db/tables/clinical.ts';

export type EntryRow = Selectable<ClinicalEntriesTable>;

export async function insertEntry(db: DB, row: Insertable<ClinicalEntriesTable>): Promise<number> {
  return insertReturningId(db, 'clinical_entries', row);
}

/** The professional's live entries, where every read here starts: another professional's ref finds nothing. */
function liveEntriesOf(db: DB, professionalId: number) {
  return db
    .selectFrom('clinical_entries')
    .selectAll()
    .where('professional_id', '=', professionalId)
    .where('deleted_at', 'is', null);
}

/** A live entry of this professional in this area. */
export function findLiveEntry(db: DB, professionalId: number, area: ClinicalArea, ref: string) {
  return liveEntriesOf(db, professionalId).where('area', '=', area).where('ref', '=', ref).executeTakeFirst();
}

export async function updateEntry(db: DB, id: number, changes: Updateable<ClinicalEntriesTable>) {
  await db.updateTable('clinical_entries').set(changes).where('id', '=', id).execute();
}

export async function insertEntryVersion(db: DB, row: Insertable<ClinicalEntryVersionsTable>) {
  await db.insertInto('clinical_entry_versions').values(row).execute();
}

/** One page of an area's live entries, the newest clinical date first. */
export function listLiveEntries(
  db: DB,
  professionalId: number,
  contactId: number,
  area: ClinicalArea,
  kind: number | null,
  offset: number,
  limit: number,
) {
  let query = liveEntriesOf(db, professionalId).where('contact_id', '=', contactId).where('area', '=', area);
  if (kind !== null) query = query.where('kind', '=', kind);
  return query.orderBy('entry_date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Every live entry of a contact (the printed record). */
export function listAllLiveEntries(db: DB, professionalId: number, contactId: number) {
  return liveEntriesOf(db, professionalId)
    .where('contact_id', '=', contactId)
    .orderBy('entry_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
