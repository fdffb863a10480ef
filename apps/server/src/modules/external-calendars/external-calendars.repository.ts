import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type {
  BookingExternalTable,
  ExternalLinkKind,
  ExternalLinksTable,
  ExternalProvider,
} from '../../db/tables/external-calendars.ts';

export type ExternalLinkRow = Selectable<ExternalLinksTable>;
export type BookingExternalRow = Selectable<BookingExternalTable>;

export function findLink(db: DB, userId: number, kind: ExternalLinkKind) {
  return db
    .selectFrom('external_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function listLinksOf(db: DB, userId: number) {
  return db.selectFrom('external_links').selectAll().where('user_id', '=', userId).execute();
}

/** A new link of a kind replaces the previous one (one calendar, one video service). */
export async function saveLink(
  db: DB,
  row: {
    userId: number;
    kind: ExternalLinkKind;
    provider: ExternalProvider;
    account: string;
    credentialsSealed: string;
    now: string;
  },
) {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('external_links')
      .where('user_id', '=', row.userId)
      .where('kind', '=', row.kind)
      .execute();
    if (row.kind === 'calendar')
      await tx.deleteFrom('external_busy').where('user_id', '=', row.userId).execute();
    await tx
      .insertInto('external_links')
      .values({
        user_id: row.userId,
        kind: row.kind,
        provider: row.provider,
        account: row.account.slice(0, 200),
        credentials_sealed: row.credentialsSealed,
        busy_synced_at: null,
        created_at: row.now,
        updated_at: row.now,
      })
      .execute();
  });
}

export async function updateLinkCredentials(db: DB, id: number, credentialsSealed: string, now: string) {
  await db
    .updateTable('external_links')
    .set({ credentials_sealed: credentialsSealed, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteLink(db: DB, userId: number, kind: ExternalLinkKind) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('external_links').where('user_id', '=', userId).where('kind', '=', kind).execute();
    if (kind === 'calendar') await tx.deleteFrom('external_busy').where('user_id', '=', userId).execute();
  });
}

export async function insertLinkRequest(
  db: DB,
  row: {
    state: string;
    userId: number;
    kind: ExternalLinkKind;
    provider: ExternalProvider;
    country: string;
    lang: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('external_link_requests')
    .values({
      state: row.state,
      user_id: row.userId,
      kind: row.kind,
      provider: row.provider,
      country: row.country,
      lang: row.lang,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The request of `state`, deleted as it is read: a state is good once. */
export async function takeLinkRequest(db: DB, state: string) {
  const row = await db
    .selectFrom('external_link_requests')
    .selectAll()
    .where('state', '=', state)
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('external_link_requests').where('id', '=', row.id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : null;
}

export async function deleteExpiredLinkRequests(db: DB, nowIso: string) {
  await db.deleteFrom('external_link_requests').where('expires_at', '<', nowIso).execute();
}

/**
 * Claims the refresh of a professional's busy times: moves busy_synced_at from what the caller
 * read to now. Only one of several simultaneous pickers wins; the others use the cache as it is.
 */
export async function claimBusyRefresh(db: DB, linkId: number, seen: string | null, nowIso: string) {
  const result = await db
    .updateTable('external_links')
    .set({ busy_synced_at: nowIso })
    .where('id', '=', linkId)
    .where((eb) => (seen === null ? eb('busy_synced_at', 'is', null) : eb('busy_synced_at', '=', seen)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The busy times just read replace the cached ones. */
export async function replaceBusy(
  db: DB,
  userId: number,
  busy: readonly { startsAt: string; endsAt: string }[],
) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('external_busy').where('user_id', '=', userId).execute();
    for (let i = 0; i < busy.length; i += 200) {
      await tx
        .insertInto('external_busy')
        .values(
          busy.slice(i, i + 200).map((b) => ({ user_id: userId, starts_at: b.startsAt, ends_at: b.endsAt })),
        )
        .execute();
    }
  });
}

/** The next picker reads the calendar again (after we wrote or removed an appointment there). */
export async function markBusyStale(db: DB, userId: number) {
  await db
    .updateTable('external_links')
    .set({ busy_synced_at: null })
    .where('user_id', '=', userId)
    .where('kind', '=', 'calendar')
    .execute();
}

export function listBusyOf(db: DB, userId: number) {
  return db
    .selectFrom('external_busy')
    .select(['starts_at as startsAt', 'ends_at as endsAt'])
    .where('user_id', '=', userId)
    .orderBy('starts_at')
    .execute();
}

/** The ids of the events we wrote to this professional's calendar (left out of their busy times). */
export async function listOwnEventIds(db: DB, professionalId: number) {
  const rows = await db
    .selectFrom('booking_external')
    .select('calendar_event_id')
    .where('professional_id', '=', professionalId)
    .where('calendar_event_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.calendar_event_id as string));
}

export async function hasAnyLink(db: DB, userId: number) {
  const row = await db
    .selectFrom('external_links')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findBookingExternal(db: DB, bookingId: number) {
  return db.selectFrom('booking_external').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

/** Work owed to the providers for a booking, written in the booking's own transaction. */
export async function oweBookingWork(
  db: DB,
  row: { bookingId: number; professionalId: number; work: 'write' | 'delete'; now: string },
) {
  const existing = await findBookingExternal(db, row.bookingId);
  if (existing) {
    await db
      .updateTable('booking_external')
      .set({ work: row.work, attempts: 0, next_attempt_at: row.now, last_error: null, updated_at: row.now })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('booking_external')
    .values({
      booking_id: row.bookingId,
      professional_id: row.professionalId,
      work: row.work,
      next_attempt_at: row.now,
      last_error: null,
      calendar_provider: null,
      calendar_event_id: null,
      meeting_provider: null,
      meeting_id: null,
      join_url: null,
      meeting_password: null,
      updated_at: row.now,
    })
    .execute();
}

export function listDueBookingWork(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('booking_external')
    .select(['booking_id'])
    .where('work', 'in', ['write', 'delete'])
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a booking's owed work for `leaseUntil` (another instance's sweep skips it meanwhile);
 * false when someone else has it or it is not due.
 */
export async function claimBookingWork(db: DB, id: number, seenNextAt: string, leaseUntil: string) {
  const result = await db
    .updateTable('booking_external')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('next_attempt_at', '=', seenNextAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateBookingExternal(
  db: DB,
  id: number,
  changes: Partial<Omit<BookingExternalRow, 'id' | 'booking_id' | 'professional_id'>>,
) {
  await db.updateTable('booking_external').set(changes).where('id', '=', id).execute();
}

export async function countPendingWork(db: DB, professionalId: number) {
  const row = await db
    .selectFrom('booking_external')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('professional_id', '=', professionalId)
    .where('work', 'in', ['write', 'delete'])
    .where('attempts', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What the sync needs of a booking and its publication. */
export function findBookingForSync(db: DB, bookingId: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('publications as p', 'p.id', 'b.publication_id')
    .select([
      'b.id',
      'b.ref',
      'b.state',
      'b.professional_id as professionalId',
      'b.starts_at as startsAt',
      'b.ends_at as endsAt',
      'b.duration',
      'b.modality_id as modalityId',
      'b.title',
      'p.platform_video_call as platformVideoCall',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

/** Whose /{country}/{lang}/ the link's return opens in, and the e-mail offered as login hint. */
export function findUserReader(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['country_id', 'lang', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function externalBusyOverlaps(db: DB, userId: number, startsAt: string, endsAt: string) {
  const row = await db
    .selectFrom('external_busy')
    .select('id')
    .where('user_id', '=', userId)
    // Pieces span at most a day (busyPieces): the look-back bounds the index range.
    .where('starts_at', '>=', new Date(Date.parse(startsAt) - 86_400_000).toISOString())
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt)
    .executeTakeFirst();
  return row !== undefined;
}
