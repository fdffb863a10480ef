import { createEvents, type EventAttributes } from 'ics';
import type { BookingViewRow } from './agenda.repository.ts';
import { clientNameOf } from './booking-view.ts';

/** What an .ics needs of an appointment (a row of the panel's read model). */
export type IcsBooking = Pick<
  BookingViewRow,
  | 'ref'
  | 'title'
  | 'startsAt'
  | 'endsAt'
  | 'state'
  | 'modalityChosen'
  | 'address'
  | 'proFirstName'
  | 'proLastName'
  | 'rescheduleCount'
  | 'clientFirstName'
  | 'clientLastName'
  | 'contactFirstName'
  | 'contactLastName'
>;

function eventOf(b: IcsBooking, publicUrl: string, side: 'client' | 'professional'): EventAttributes {
  const counterpart =
    side === 'client' ? `${b.proFirstName} ${b.proLastName}`.trim() : clientNameOf(b as BookingViewRow);
  const path = side === 'client' ? 'my-bookings' : 'bookings';
  return {
    // A stable UID per appointment and an increasing SEQUENCE: calendars update the same event.
    uid: `${b.ref}@agendo`,
    sequence: b.rescheduleCount,
    start: Date.parse(b.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(b.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${b.title} · ${counterpart}`,
    description: `Cita en Agendo con ${counterpart}. ${publicUrl}/ar/es/${path}/${b.ref}`,
    location: b.modalityChosen === 2 ? (b.address ?? 'Presencial') : 'Online',
    url: `${publicUrl}/ar/es/${path}/${b.ref}`,
    status: b.state === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    productId: 'agendo/bookings',
  };
}

/**
 * An .ics of appointments: one for a mail (METHOD REQUEST, or CANCEL when it was cancelled) or
 * the whole private feed (no METHOD: a subscribed calendar, not an invitation).
 */
export function bookingIcs(
  bookings: readonly IcsBooking[],
  options: {
    publicUrl: string;
    side: 'client' | 'professional';
    method?: 'REQUEST' | 'CANCEL';
    calName?: string;
  },
): string {
  const { error, value } = createEvents(
    bookings.map((b) => eventOf(b, options.publicUrl, options.side)),
    {
      productId: 'agendo/bookings',
      ...(options.method ? { method: options.method } : {}),
      ...(options.calName ? { calName: options.calName } : {}),
    },
  );
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}
