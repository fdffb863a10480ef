import { XMLParser } from 'fast-xml-parser';
import ical, { ICalEventBusyStatus } from 'ical-generator';
import type { Outbound } from '../../lib/outbound.ts';
import { type BusyTime, type CalendarPort, ProviderFault, providerCall } from './calendar-port.ts';

export interface CalDavAccount {
  /** The calendar collection's address (https://host/dav/calendars/user/personal/). */
  calendarUrl: string;
  username: string;
  password: string;
}

/** RFC 5545 UTC date-time (20261124T130000Z), as CalDAV's time-range wants it. */
function icalUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** An iCalendar DATE-TIME or DATE value as an ISO instant (floating and dated values as UTC). */
function instantOf(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString();
}

/**
 * The busy VEVENTs of calendar data that the server expanded (RFC 4791 §9.6.5: expanded
 * instances come in UTC), transparent ones left out (RFC 5545 TRANSP). Lines are unfolded first.
 */
export function busyOfIcs(text: string): BusyTime[] {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const out: BusyTime[] = [];
  let event: { start?: string | null; end?: string | null; transparent?: boolean } | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT' && event) {
      if (event.start && event.end && !event.transparent)
        out.push({ startsAt: event.start, endsAt: event.end });
      event = null;
    } else if (event) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]?.toUpperCase();
      const value = line.slice(colon + 1);
      if (name === 'DTSTART') event.start = instantOf(value);
      else if (name === 'DTEND') event.end = instantOf(value);
      else if (name === 'TRANSP') event.transparent = value.trim().toUpperCase() === 'TRANSPARENT';
    }
  }
  return out;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  isArray: (name) => name === 'response' || name === 'propstat',
});

/**
 * CalDAV (RFC 4791) with HTTP Basic authentication, for any other calendar server (Nextcloud,
 * Fastmail, iCloud with an app password): REPORT calendar-query with a time-range for the busy
 * events, PUT of one iCalendar object per appointment (named by its UID), DELETE on cancel.
 */
export function caldavCalendar(
  http: Outbound,
  account: CalDavAccount,
): CalendarPort & { account(): Promise<string> } {
  const collection = account.calendarUrl.endsWith('/') ? account.calendarUrl : `${account.calendarUrl}/`;
  const auth = {
    authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
  };
  const port = {
    async account() {
      return `${account.username} (${new URL(collection).host})`;
    },
    async busy(from: string, to: string) {
      const range = `start="${icalUtc(from)}" end="${icalUtc(to)}"`;
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data><C:expand ${range}/></C:calendar-data></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range ${range}/></C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>`;
      const answer = await providerCall(http, 'caldav', collection, {
        method: 'REPORT',
        headers: { ...auth, depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body,
      });
      if (answer.status !== 207)
        throw new ProviderFault('caldav', answer.status, 'REPORT answered no multistatus');
      const tree = parser.parse(answer.text) as {
        multistatus?: {
          response?: Array<{ href?: unknown; propstat?: Array<{ prop?: { 'calendar-data'?: unknown } }> }>;
        };
      };
      const busy: BusyTime[] = [];
      for (const response of tree.multistatus?.response ?? []) {
        // The resource's address names the event (our own PUTs are recognised by it).
        const href =
          typeof response.href === 'string' ? new URL(response.href, collection).toString() : undefined;
        for (const propstat of response.propstat ?? []) {
          const data = propstat.prop?.['calendar-data'];
          if (typeof data !== 'string') continue;
          for (const b of busyOfIcs(data)) busy.push(href ? { ...b, eventId: href } : b);
        }
      }
      return busy;
    },
    async writeEvent(event: {
      uid: string;
      summary: string;
      description: string;
      startsAt: string;
      endsAt: string;
    }) {
      const calendar = ical({ prodId: { company: 'Agendo', product: 'bookings', language: 'ES' } });
      calendar.createEvent({
        id: event.uid,
        start: new Date(event.startsAt),
        end: new Date(event.endsAt),
        summary: event.summary,
        description: event.description,
        busystatus: ICalEventBusyStatus.BUSY,
      });
      const href = `${collection}${encodeURIComponent(event.uid)}.ics`;
      await providerCall(http, 'caldav', href, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'text/calendar; charset=utf-8' },
        body: calendar.toString(),
      });
      return { id: href };
    },
    async deleteEvent(id: string) {
      // Only a resource inside the linked collection: the id came from our own PUT.
      if (!id.startsWith(collection))
        throw new ProviderFault('caldav', 0, 'event outside the linked calendar');
      try {
        await providerCall(http, 'caldav', id, { method: 'DELETE', headers: auth });
      } catch (error) {
        if (error instanceof ProviderFault && error.status === 404) return;
        throw error;
      }
    },
  };
  return port;
}
