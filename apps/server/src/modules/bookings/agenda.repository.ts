import type { DB } from '../../db/database.ts';
import { keysetAfter } from '../../db/keyset.ts';
import type { PageStart } from '../../lib/page-cursor.ts';

/**
 * The panel's read model: an appointment with its publication, professional, client account
 * and contact in one query (lists show dozens; one round trip each would add up).
 */
function bookingQuery(db: DB) {
  let base = baseQueries.get(db);
  if (!base) {
    base = buildBookingQuery(db);
    baseQueries.set(db, base);
  }
  return base;
}

/**
 * Building the 60-column select with its joins was a tenth of a find-bookings request's CPU
 * (issue 13 profile). Kysely builders are immutable (each where() returns a new one), so the
 * base is built once per database handle (and per transaction, while it lives) and shared.
 */
const baseQueries = new WeakMap<DB, ReturnType<typeof buildBookingQuery>>();

function buildBookingQuery(db: DB) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('publications as p', 'p.id', 'b.publication_id')
    .innerJoin('users as pro', 'pro.id', 'b.professional_id')
    .leftJoin('users as cli', 'cli.id', 'b.client_id')
    .leftJoin('contacts as c', 'c.id', 'b.contact_id')
    .leftJoin('booking_external as bx', 'bx.booking_id', 'b.id')
    .select([
      'b.id',
      'b.ref',
      'b.state',
      'b.title',
      'b.duration',
      'b.starts_at as startsAt',
      'b.ends_at as endsAt',
      'b.modality_id as modalityChosen',
      'b.price_minor as priceMinor',
      'b.currency',
      'b.pay',
      'b.pay_method as payMethod',
      'b.pay_cash as payCash',
      'b.pay_card as payCard',
      'b.hide_price as hidePrice',
      'b.no_price as noPrice',
      'b.price_prof_ok as priceProfOk',
      'b.price_confirm_deadline as priceConfirmDeadline',
      'b.create_by_prof as createByProf',
      'b.recurrent',
      'b.series_ref as seriesRef',
      'b.client_time_zone as clientTimeZone',
      'b.cancelled_at as cancelledAt',
      'b.cancel_reason as cancelReason',
      'b.seats',
      'b.reschedule_count as rescheduleCount',
      'b.sale_id as saleId',
      'b.professional_id as professionalId',
      'b.client_id as clientId',
      'b.contact_id as contactId',
      'b.publication_id as publicationId',
      'p.ref as publicationRef',
      'p.modality_id as publicationModality',
      'p.address',
      'p.group_capacity as groupCapacity',
      'p.platform_video_call as platformVideoCall',
      'p.link_video_call as linkVideoCall',
      'p.pass_video_call as passVideoCall',
      'p.room_id_link as roomIdLink',
      // Issue 18: the meeting the professional's linked Zoom or Meet made for this appointment.
      'bx.meeting_provider as meetingProvider',
      'bx.join_url as meetingJoinUrl',
      'bx.meeting_password as meetingPassword',
      'p.currency as publicationCurrency',
      'pro.ref as proRef',
      'pro.first_name as proFirstName',
      'pro.last_name as proLastName',
      'pro.img as proImg',
      'pro.time_zone as proTimeZone',
      'pro.email as proEmail',
      'pro.country_id as proCountryId',
      'pro.lang as proLang',
      'cli.ref as clientRef',
      'cli.first_name as clientFirstName',
      'cli.last_name as clientLastName',
      'cli.img as clientImg',
      'cli.time_zone as clientUserTimeZone',
      'cli.phone as clientUserPhone',
      'cli.country_id as clientCountryId',
      'cli.email as clientEmail',
      'cli.lang as clientLang',
      'c.ref as contactRef',
      'c.first_name as contactFirstName',
      'c.last_name as contactLastName',
      'c.img as contactImg',
      'c.phone as contactPhone',
      'c.email as contactEmail',
      'c.country_id as contactCountryId',
      'c.deleted_at as contactDeletedAt',
      // Whether each side already rated (the panel offers 'Calificar' only once).
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('booking_ratings as rc')
              .select('rc.id')
              .whereRef('rc.booking_id', '=', 'b.id')
              .where('rc.role', '=', 'client'),
          )
          .as('ratedByClient'),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('booking_ratings as rp')
              .select('rp.id')
              .whereRef('rp.booking_id', '=', 'b.id')
              .where('rp.role', '=', 'professional'),
          )
          .as('ratedByProfessional'),
      // The refund owed for the paid sale of a cancelled appointment (0013), if any.
      (eb) =>
        eb
          .selectFrom('payment_refunds as rf')
          .select('rf.state')
          .whereRef('rf.sale_id', '=', 'b.sale_id')
          .orderBy('rf.id', 'desc')
          .limit(1)
          .as('refundState'),
    ]);
}

export type BookingViewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirst']>>
>;

export function findBookingViewRow(db: DB, ref: string): Promise<BookingViewRow | undefined> {
  return bookingQuery(db).where('b.ref', '=', ref).executeTakeFirst();
}

export function findBookingViewRowById(db: DB, id: number): Promise<BookingViewRow | undefined> {
  return bookingQuery(db).where('b.id', '=', id).executeTakeFirst();
}

/** The private feed: a professional's appointments from `fromIso` on, cancelled ones too (calendars remove them). */
export function listFeedRows(db: DB, professionalId: number, fromIso: string): Promise<BookingViewRow[]> {
  return bookingQuery(db)
    .where('b.professional_id', '=', professionalId)
    .where('b.starts_at', '>=', fromIso)
    .where('b.state', '!=', 'held')
    .orderBy('b.starts_at')
    .limit(2000)
    .execute();
}

export interface BookingListQuery {
  side: 'professional' | 'client';
  userId: number;
  fromIso?: string | undefined;
  toIso?: string | undefined;
  filter: 'upcoming' | 'past' | 'cancelled' | 'all';
  /** Only this appointment (spec 002 §7 find-bookings with date 'one'). */
  ref?: string | undefined;
  nowIso: string;
  /**
   * The first instant an upcoming appointment may start at: appointments last at most the
   * publication's longest duration, so older ones have ended. It bounds the index range, so the
   * upcoming tab does not read the whole history first.
   */
  upcomingFromIso: string;
  /** After a cursor's key (starts_at, ref) or at a row offset; see lib/page-cursor.ts. */
  start: PageStart;
  limit: number;
}

/** The sort key of a list row: its start, then its ref (unique) between equal starts. */
export const bookingListKey = (row: Pick<BookingViewRow, 'startsAt' | 'ref'>) =>
  [row.startsAt, row.ref] as const;

/**
 * A side's appointments (held carts never show): upcoming ascending, past and cancelled newest
 * first, paged by keyset (a cursor) or, for the spec's payloads, by offset.
 */
export function listBookingViewRows(db: DB, q: BookingListQuery): Promise<BookingViewRow[]> {
  let query = bookingQuery(db)
    .where(q.side === 'professional' ? 'b.professional_id' : 'b.client_id', '=', q.userId)
    .where('b.state', '!=', 'held');
  if (q.ref !== undefined) query = query.where('b.ref', '=', q.ref);
  if (q.fromIso) query = query.where('b.starts_at', '>=', q.fromIso);
  if (q.toIso) query = query.where('b.starts_at', '<', q.toIso);
  if (q.filter === 'upcoming') {
    query = query
      .where('b.starts_at', '>', q.upcomingFromIso)
      .where('b.ends_at', '>', q.nowIso)
      .where('b.state', 'in', ['pending', 'confirmed']);
  } else if (q.filter === 'past') {
    query = query
      .where('b.state', '!=', 'cancelled')
      .where((eb) => eb.or([eb('b.ends_at', '<=', q.nowIso), eb('b.state', '=', 'done')]));
  } else if (q.filter === 'cancelled') {
    query = query.where('b.state', '=', 'cancelled');
  }
  const direction = q.filter === 'past' || q.filter === 'cancelled' ? 'desc' : 'asc';
  if ('after' in q.start)
    query = query.where(keysetAfter(['b.starts_at', 'b.ref'], direction, q.start.after));
  query = query.orderBy('b.starts_at', direction).orderBy('b.ref', direction).limit(q.limit);
  if ('offset' in q.start && q.start.offset > 0) query = query.offset(q.start.offset);
  return query.execute();
}

/** The other seats of a group appointment: same publication, same start, live. */
export function listGroupSeats(db: DB, publicationId: number, startsAt: string): Promise<BookingViewRow[]> {
  return bookingQuery(db)
    .where('b.publication_id', '=', publicationId)
    .where('b.starts_at', '=', startsAt)
    .where('b.state', 'in', ['pending', 'confirmed', 'done'])
    .orderBy('b.id')
    .execute();
}

/** The same client's later appointments with the same professional (next-session). */
export function listLaterOfClient(
  db: DB,
  b: { professionalId: number; clientId: number | null; contactId: number | null; startsAt: string },
): Promise<BookingViewRow[]> {
  return bookingQuery(db)
    .where('b.professional_id', '=', b.professionalId)
    .where((eb) =>
      b.clientId !== null ? eb('b.client_id', '=', b.clientId) : eb('b.contact_id', '=', b.contactId ?? -1),
    )
    .where('b.starts_at', '>', b.startsAt)
    .where('b.state', 'in', ['pending', 'confirmed'])
    .orderBy('b.starts_at')
    .limit(20)
    .execute();
}

/** The series' live appointments from `fromIso` on (delete-recurrent, price for the following). */
export function listSeriesFrom(db: DB, seriesRef: string, fromIso: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'ref', 'sale_id as saleId', 'starts_at as startsAt', 'currency'])
    .where('series_ref', '=', seriesRef)
    .where('starts_at', '>=', fromIso)
    .where('state', 'in', ['pending', 'confirmed'])
    .orderBy('starts_at')
    .execute();
}
