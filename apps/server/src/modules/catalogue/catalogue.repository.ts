import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { NewPublication, PublicationChanges, PublicationRow } from '../../db/tables/catalogue.ts';

/** The live (not deleted) publications, where every finder here starts. */
function livePublications(db: DB) {
  return db.selectFrom('publications').selectAll().where('deleted_at', 'is', null);
}

/** A live publication by its public ref. */
export async function findLivePublicationByRef(db: DB, ref: string): Promise<PublicationRow | undefined> {
  return livePublications(db).where('ref', '=', ref).executeTakeFirst();
}

export async function findLivePublicationById(db: DB, id: number): Promise<PublicationRow | undefined> {
  return livePublications(db).where('id', '=', id).executeTakeFirst();
}

/** The publication only when `userId` owns it: a foreign ref answers like an unknown one. */
export async function findOwnedPublication(
  db: DB,
  ref: string,
  userId: number,
): Promise<PublicationRow | undefined> {
  return livePublications(db).where('ref', '=', ref).where('user_id', '=', userId).executeTakeFirst();
}

export async function listLivePublicationsOfUser(
  db: DB,
  userId: number,
  options: { includePaused: boolean },
): Promise<PublicationRow[]> {
  let query = livePublications(db).where('user_id', '=', userId);
  if (!options.includePaused) query = query.where('paused', '=', 0);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function insertPublication(db: DB, row: NewPublication): Promise<number> {
  return insertReturningId(db, 'publications', row);
}

export async function updatePublication(db: DB, id: number, changes: PublicationChanges): Promise<void> {
  await db.updateTable('publications').set(changes).where('id', '=', id).execute();
}

export async function replaceSymptoms(db: DB, publicationId: number, symptomIds: number[]): Promise<void> {
  await db.deleteFrom('publication_symptoms').where('publication_id', '=', publicationId).execute();
  if (symptomIds.length === 0) return;
  await db
    .insertInto('publication_symptoms')
    .values(symptomIds.map((symptom_id) => ({ publication_id: publicationId, symptom_id })))
    .execute();
}

export async function listSymptomIds(db: DB, publicationIds: number[]) {
  if (publicationIds.length === 0) return [];
  return db
    .selectFrom('publication_symptoms')
    .select(['publication_id', 'symptom_id'])
    .where('publication_id', 'in', publicationIds)
    .orderBy('symptom_id')
    .execute();
}

export async function listImages(db: DB, publicationIds: number[]) {
  if (publicationIds.length === 0) return [];
  return db
    .selectFrom('publication_images')
    .select(['id', 'ref', 'publication_id', 'path', 'position'])
    .where('publication_id', 'in', publicationIds)
    .orderBy('publication_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function countImages(db: DB, publicationId: number): Promise<number> {
  const row = await db
    .selectFrom('publication_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('publication_id', '=', publicationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextImagePosition(db: DB, publicationId: number): Promise<number> {
  const row = await db
    .selectFrom('publication_images')
    .select((eb) => eb.fn.max<number | null>('position').as('max'))
    .where('publication_id', '=', publicationId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function insertImage(
  db: DB,
  row: { ref: string; publication_id: number; path: string; position: number; created_at: string },
): Promise<void> {
  await db.insertInto('publication_images').values(row).execute();
}

/** An image of a live publication owned by `userId`. */
export async function findOwnedImage(db: DB, imageRef: string, userId: number) {
  return db
    .selectFrom('publication_images as i')
    .innerJoin('publications as p', 'p.id', 'i.publication_id')
    .select(['i.id', 'i.ref', 'i.path', 'i.publication_id'])
    .where('i.ref', '=', imageRef)
    .where('p.user_id', '=', userId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function deleteImage(db: DB, id: number): Promise<void> {
  await db.deleteFrom('publication_images').where('id', '=', id).execute();
}

export async function setImagePosition(db: DB, id: number, position: number): Promise<void> {
  await db.updateTable('publication_images').set({ position }).where('id', '=', id).execute();
}

/**
 * Bookings still to happen for a publication: not cancelled, not over, and a hold only
 * while it has not expired (the availability slice's rule for holds).
 */
export async function countFutureBookings(db: DB, publicationId: number, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('publication_id', '=', publicationId)
    .where('ends_at', '>', nowIso)
    .where('state', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('state', '!=', 'held'),
        eb.and([eb('hold_expires_at', 'is not', null), eb('hold_expires_at', '>', nowIso)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
