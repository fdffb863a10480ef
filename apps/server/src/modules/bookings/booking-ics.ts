import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventBusyStatus,
  ICalEventStatus,
} from 'ical-generator';
import { appLink } from '../../lib/app-link.ts';
import type { BookingViewRow } from './agenda.repository.ts';
import { clientEmailOf, clientNameOf, readerOf } from './booking-view.ts';

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
  | 'proEmail'
  | 'proCountryId'
  | 'proLang'
  | 'rescheduleCount'
  | 'clientFirstName'
  | 'clientLastName'
  | 'clientEmail'
  | 'clientCountryId'
  | 'clientLang'
  | 'contactFirstName'
  | 'contactLastName'
  | 'contactEmail'
  | 'contactCountryId'
  | 'contactDeletedAt'
>;

export interface IcsOptions {
  publicUrl: string;
  /** Whose copy it is: the link and the summary name the other side. */
  side: 'client' | 'professional';
  /** An invitation in a mail (RFC 5546 iTIP); none for the subscribed feed (a published calendar). */
  method?: 'REQUEST' | 'CANCEL';
  calName?: string;
  /** DTSTAMP: when this copy was made. */
  now: Date;
}

/**
 * An .ics of appointments: one for a mail (METHOD REQUEST, or CANCEL when it was cancelled) or
 * the whole private feed (no METHOD). ical-generator escapes TEXT values and folds lines by
 * octets (RFC 5545 §3.1: accented names made character-folded lines run past 75 octets).
 */
export function bookingIcs(bookings: readonly IcsBooking[], options: IcsOptions): string {
  const calendar = ical({
    prodId: { company: 'Agendo', product: 'bookings', language: 'ES' },
    ...(options.method
      ? { method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST }
      : {}),
    ...(options.calName ? { name: options.calName } : {}),
  });
  for (const b of bookings) {
    const proName = `${b.proFirstName} ${b.proLastName}`.trim();
    const clientName = clientNameOf(b);
    const counterpart = options.side === 'client' ? proName : clientName;
    const route = `${options.side === 'client' ? 'my-bookings' : 'bookings'}/${b.ref}`;
    const url = appLink(options, readerOf(b, options.side), route);
    const cancelled = b.state === 'cancelled';
    const clientEmail = clientEmailOf(b);
    calendar.createEvent({
      // A stable UID per appointment; SEQUENCE grows with each reschedule, and a cancellation
      // goes one above the last invitation so calendars apply it (RFC 5546 §2.1.4).
      id: `${b.ref}@agendo`,
      sequence: b.rescheduleCount + (cancelled ? 1 : 0),
      stamp: options.now,
      start: new Date(b.startsAt),
      end: new Date(b.endsAt),
      summary: `${b.title} · ${counterpart}`,
      description: `Cita en Agendo con ${counterpart}. ${url}`,
      location: b.modalityChosen === 2 ? (b.address ?? 'Presencial') : 'Online',
      url,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
      // RFC 5546 §3.2.2 and §3.2.5: a REQUEST or CANCEL names its ORGANIZER and ATTENDEEs, or
      // mail clients show a broken invitation or keep the cancelled event. Replies have nowhere
      // to go (the appointment is answered in the app), hence RSVP=FALSE. The feed is a published
      // calendar reachable by URL: it carries no addresses.
      ...(options.method
        ? {
            organizer: { name: proName, email: b.proEmail },
            attendees: clientEmail
              ? [
                  {
                    name: clientName,
                    email: clientEmail,
                    role: ICalAttendeeRole.REQ,
                    status:
                      b.state === 'confirmed' || b.state === 'done'
                        ? ICalAttendeeStatus.ACCEPTED
                        : ICalAttendeeStatus.NEEDSACTION,
                    rsvp: false,
                  },
                ]
              : [],
          }
        : {}),
    });
  }
  return calendar.toString();
}
