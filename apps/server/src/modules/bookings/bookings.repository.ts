import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB, Dialect } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { BookingState, BookingsTable } from '../../db/tables/bookings.ts';

export type BookingRow = Selectable<BookingsTable>;
export type NewBooking = Insertable<BookingsTable>;
export type BookingChanges = Updateable<BookingsTable>;

/**
 * ARCHITECTURE §3: booking writes serialise per professional. On PostgreSQL the professional's
 * user row is locked until the transaction ends; SQLite has one connection that Kysely lends to
 * one transaction at a time, so the transaction itself is the lock within the process.
 */
export async function lockProfessional(db: DB, dialect: Dialect, professionalId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', professionalId).forUpdate().execute();
}

/** Live bookings of the professional overlapping [startIso, endIso): held ones only while their hold lives. */
export function listLiveOverlapping(
  db: DB,
  professionalId: number,
  range: { startIso: string; endIso: string; nowIso: string; ignoreId?: number | undefined },
) {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'publication_id as publicationId', 'starts_at as startsAt', 'ends_at as endsAt', 'seats'])
    .where('professional_id', '=', professionalId)
    .where('starts_at', '<', range.endIso)
    .where('ends_at', '>', range.startIso)
    .where('state', '!=', 'cancelled')
    .where((eb) => eb.or([eb('state', '!=', 'held'), eb('hold_expires_at', '>', range.nowIso)]));
  if (range.ignoreId !== undefined) query = query.where('id', '!=', range.ignoreId);
  return query.execute();
}

export async function insertBooking(db: DB, row: NewBooking): Promise<number> {
  return insertReturningId(db, 'bookings', row);
}

export function findBookingByRef(db: DB, ref: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function findBookingById(db: DB, id: number): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The client's own live hold of this exact slot (a second confirm of the same cart reuses it). */
export function findLiveHold(
  db: DB,
  clientId: number,
  publicationId: number,
  startsAt: string,
  nowIso: string,
): Promise<BookingRow | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('publication_id', '=', publicationId)
    .where('starts_at', '=', startsAt)
    .where('state', '=', 'held')
    .where('hold_expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Updates a booking; with `fromStates`, only while it is in one of them. Answers whether it changed. */
export async function updateBooking(
  db: DB,
  id: number,
  changes: BookingChanges,
  fromStates?: readonly BookingState[],
): Promise<boolean> {
  let query = db.updateTable('bookings').set(changes).where('id', '=', id);
  if (fromStates) query = query.where('state', 'in', fromStates);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findBankAccount(db: DB, userId: number) {
  return db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
