import { type Booking, type GroupParticipant, publicationLimits } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { loadQrCode } from '../../lib/heavy-libraries.ts';
import { pageOf, pageStartOf } from '../../lib/page-cursor.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { findPublicationByRef, toMinor } from '../catalogue/catalogue.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { createSale, voidSale } from '../sales/sales.service.ts';
import {
  type BookingViewRow,
  bookingListKey,
  findBookingViewRow,
  listBookingViewRows,
  listGroupSeats,
  listLaterOfClient,
  listSeriesFrom,
} from './agenda.repository.ts';
import { clientNameOf, readerOf, toBooking, toParticipant, type Viewer } from './booking-view.ts';
import { insertBooking, updateBooking } from './bookings.repository.ts';
import { assertSlotFree, withProfessionalLock } from './bookings.service.ts';

export interface AgendaUser {
  id: number;
  userType: 1 | 2;
  permissions: Readonly<Record<string, boolean>> | null;
}

const pageSize = 20;
/** Agenda views ask for a day, a week or a month; a little more than a month is the most one view reads. */
const maxRangeMs = 42 * 86_400_000;

function viewerOf(user: AgendaUser, side: 'professional' | 'client', zone: string | undefined): Viewer {
  return {
    role: side,
    zone,
    contactsView: user.permissions === null || user.permissions.contactsView === true,
  };
}

/** find-bookings: the professional's agenda and list (mode 1) or the client's my-bookings (mode 2). */
export async function findBookings(
  deps: AppDeps,
  user: AgendaUser,
  input: {
    mode: 1 | 2;
    from?: string | undefined;
    to?: string | undefined;
    filter: 'upcoming' | 'past' | 'cancelled' | 'all';
    /** A cursor from the previous page, or the spec's row offset (0: the first page). */
    next: number | string;
    timezone?: string | undefined;
    ref?: string | undefined;
  },
): Promise<{ bookings: Booking[]; next: string | null }> {
  const side = input.mode === 1 ? 'professional' : 'client';
  // A team works on the professional's agenda only; clients have no agenda of their own.
  if (side === 'professional' && user.userType !== 1) throw new ActionError('E403');
  if (side === 'client' && user.permissions !== null) throw new ActionError('E403');
  const ranged = input.from !== undefined && input.to !== undefined;
  if (ranged && Date.parse(input.to as string) - Date.parse(input.from as string) > maxRangeMs) {
    throw new ActionError('E1');
  }
  const now = deps.now();
  const rows = await listBookingViewRows(deps.db, {
    side,
    userId: user.id,
    fromIso: input.from ? new Date(input.from).toISOString() : undefined,
    toIso: input.to ? new Date(input.to).toISOString() : undefined,
    filter: input.filter,
    ref: input.ref,
    nowIso: now.toISOString(),
    upcomingFromIso: new Date(now.getTime() - publicationLimits.durationMax * 60_000).toISOString(),
    start: ranged ? { offset: 0 } : pageStartOf(input.next, 2),
    limit: ranged ? 500 : pageSize + 1,
  });
  const { page, next } = ranged ? { page: rows, next: null } : pageOf(rows, pageSize, bookingListKey);
  const viewer = viewerOf(user, side, input.timezone);
  return { bookings: page.map((r) => toBooking(r, viewer, now.getTime())), next };
}

/** The booking as one of its sides reads it; anybody else gets 'No encontramos la cita'. */
async function visibleRow(deps: AppDeps, user: AgendaUser, ref: string) {
  const row = await findBookingViewRow(deps.db, ref);
  if (!row || row.state === 'held') throw new ActionError('E14');
  if (row.professionalId === user.id) return { row, side: 'professional' as const };
  if (row.clientId === user.id && user.permissions === null) return { row, side: 'client' as const };
  throw new ActionError('E14');
}

/** find-booking: the options panel, with the group's participants for its professional. */
export async function findBooking(
  deps: AppDeps,
  user: AgendaUser,
  input: { ref: string; timezone?: string | undefined },
): Promise<{ booking: Booking; participants: GroupParticipant[] }> {
  const { row, side } = await visibleRow(deps, user, input.ref);
  const viewer = viewerOf(user, side, input.timezone);
  const booking = toBooking(row, viewer, deps.now().getTime());
  let participants: GroupParticipant[] = [];
  // Participants' names are the professional's to see; a client never learns who else attends.
  if (side === 'professional' && row.groupCapacity > 1 && viewer.contactsView) {
    participants = (await listGroupSeats(deps.db, row.publicationId, row.startsAt)).map(toParticipant);
  }
  return { booking, participants };
}

/** next-session/{ref}: what follows with the same client and professional. */
export async function findNextSessions(
  deps: AppDeps,
  user: AgendaUser,
  input: { ref: string; timezone?: string | undefined },
): Promise<{ bookings: Booking[] }> {
  const { row, side } = await visibleRow(deps, user, input.ref);
  const later = await listLaterOfClient(deps.db, row);
  const viewer = viewerOf(user, side, input.timezone);
  const now = deps.now().getTime();
  return { bookings: later.map((r: BookingViewRow) => toBooking(r, viewer, now)) };
}

/**
 * save-booking-by-prof (spec 000 §6 createByProf): the professional books a contact, once or
 * weekly. Every occurrence is checked for clashes under the professional's lock and the whole
 * series is written or nothing is.
 */
export async function createByProfessional(
  deps: AppDeps,
  professionalId: number,
  input: {
    contactRef: string;
    publicationRef: string;
    startsAt: string;
    modality?: 1 | 2 | undefined;
    price?: number | undefined;
    weeks: number;
  },
): Promise<{ refs: string[] }> {
  const contact = await findOwnedContact(deps.db, professionalId, input.contactRef);
  if (!contact) throw new ActionError('E24');
  const pub = await findPublicationByRef(deps.db, input.publicationRef);
  if (!pub || pub.user_id !== professionalId) throw new ActionError('E7');
  const modality = pub.modality_id === 3 ? input.modality : pub.modality_id;
  if (modality !== 1 && modality !== 2) throw new ActionError('E11');
  const priceMinor = input.price !== undefined ? toMinor(input.price, pub.currency) : pub.price;
  if (priceMinor === null) throw new ActionError('E21');
  const pro = await accountById(deps.db, professionalId);
  const proZone = pro?.time_zone ?? 'UTC';
  // Weekly in the professional's wall-clock time: 10:00 stays 10:00 across a DST change.
  const first = DateTime.fromISO(input.startsAt, { zone: proZone });
  const starts = Array.from(
    { length: input.weeks },
    (_, w) => first.plus({ weeks: w }).toUTC().toISO() as string,
  );
  const seriesRef = input.weeks > 1 ? newRef() : null;
  const nowIso = deps.now().toISOString();
  const refs: string[] = [];
  await withProfessionalLock(deps, professionalId, async (tx) => {
    for (const startsAt of starts) {
      const endsAt = new Date(Date.parse(startsAt) + pub.duration_min * 60_000).toISOString();
      await assertSlotFree(deps, tx, {
        publicationId: pub.id,
        professionalId,
        startsAt,
        endsAt,
        seats: 1,
        groupCapacity: pub.group_capacity,
        byProfessional: true,
      });
      const ref = newRef();
      const id = await insertBooking(tx, {
        ref,
        publication_id: pub.id,
        professional_id: professionalId,
        client_id: contact.userId,
        contact_id: contact.id,
        starts_at: startsAt,
        ends_at: endsAt,
        state: 'confirmed',
        hold_expires_at: null,
        created_at: nowIso,
        updated_at: nowIso,
        title: pub.title,
        duration: pub.duration_min,
        modality_id: modality,
        price_minor: priceMinor,
        original_price_minor: priceMinor,
        currency: pub.currency,
        pay_cash: 1,
        pay_card: pub.pay_card,
        create_by_prof: 1,
        recurrent: seriesRef ? 1 : 0,
        series_ref: seriesRef,
        pay: priceMinor === 0 ? 1 : 0,
      });
      await queueBookingSync(deps, tx, { id, professionalId }, 'write');
      if (priceMinor > 0) {
        const sale = await createSale(tx, {
          kind: 'booking',
          sellerId: professionalId,
          buyerId: contact.userId,
          contactId: contact.id,
          bookingId: id,
          description: pub.title,
          amountMinor: priceMinor,
          discountMinor: 0,
          currency: pub.currency,
          method: 'cash',
          state: 'pending',
          provider: null,
          couponId: null,
          now: nowIso,
        });
        await updateBooking(tx, id, { sale_id: sale.id });
      }
      refs.push(ref);
    }
  });
  return { refs };
}

/**
 * delete-recurrent (spec 000 §4): the series' appointments from `fromDate` (a day of the
 * professional's calendar) on; past ones stay. A date before today is refused (E20).
 */
export async function deleteRecurrent(
  deps: AppDeps,
  professionalId: number,
  input: { ref: string; fromDate: string },
): Promise<{ deleted: number }> {
  const row = await findBookingViewRow(deps.db, input.ref);
  if (!row || row.professionalId !== professionalId || row.state === 'held') throw new ActionError('E14');
  if (!row.seriesRef) throw new ActionError('E25');
  const now = deps.now();
  const today = DateTime.fromJSDate(now, { zone: row.proTimeZone }).toFormat('yyyy-LL-dd');
  if (input.fromDate < today) throw new ActionError('E20');
  const fromStart = DateTime.fromISO(input.fromDate, { zone: row.proTimeZone }).startOf('day').toMillis();
  const fromIso = new Date(Math.max(fromStart, now.getTime())).toISOString();
  const nowIso = now.toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const series = await listSeriesFrom(tx, row.seriesRef as string, fromIso);
    for (const b of series) {
      await updateBooking(
        tx,
        b.id,
        {
          state: 'cancelled',
          cancel_reason: 'series-deleted',
          cancelled_at: nowIso,
          cancelled_by: professionalId,
          updated_at: nowIso,
        },
        ['pending', 'confirmed'],
      );
      if (b.saleId !== null) await voidSale(tx, b.saleId, nowIso);
      await queueBookingSync(deps, tx, { id: b.id, professionalId }, 'delete');
    }
    return { deleted: series.length };
  });
}

/** generete-booking-qr: a QR the client shows at the door; it opens the appointment for its professional. */
export async function bookingQr(
  deps: AppDeps,
  user: AgendaUser,
  ref: string,
): Promise<{ file: string; url: string }> {
  const { row } = await visibleRow(deps, user, ref);
  // The professional scans it: their own /{country}/{lang}/.
  const url = appLink(deps.config, readerOf(row, 'professional'), `bookings/${row.ref}`);
  const QRCode = await loadQrCode();
  const file = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { file, url };
}

/**
 * The appointment behind a video room (issue 17) as one of its sides sees it, with the group's
 * seats for its professional (spec 000 §4 group-room members); anybody else gets E14 exactly as
 * find-booking answers them.
 */
export async function bookingForRoom(
  deps: AppDeps,
  user: AgendaUser,
  ref: string,
): Promise<{
  booking: Booking;
  side: 'professional' | 'client';
  seats: Array<{ ref: string; name: string }>;
}> {
  const { row, side } = await visibleRow(deps, user, ref);
  const viewer = viewerOf(user, side, undefined);
  const booking = toBooking(row, viewer, deps.now().getTime());
  const seats =
    side === 'professional' && row.groupCapacity > 1 && viewer.contactsView
      ? (await listGroupSeats(deps.db, row.publicationId, row.startsAt)).map((seat) => ({
          ref: seat.ref,
          name: clientNameOf(seat),
        }))
      : [];
  return { booking, side, seats };
}
