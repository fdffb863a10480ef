import type { Outbound } from '../../lib/outbound.ts';
import {
  type BusyTime,
  bearer,
  type CalendarPort,
  type OutsideEvent,
  ProviderFault,
  providerCall,
} from './calendar-port.ts';

/**
 * Microsoft Graph v1.0 (https://learn.microsoft.com/graph/api/resources/event): the signed-in
 * user's calendarView for busy times (events not shown as free), events POST / DELETE for the
 * appointments. `Prefer: outlook.timezone="UTC"` makes Graph answer every dateTime in UTC.
 */
export function outlookCalendar(
  http: Outbound,
  apiBase: string,
  accessToken: string,
): CalendarPort & { account(): Promise<string> } {
  const root = `${apiBase.replace(/\/+$/, '')}/v1.0/me`;
  const headers = {
    ...bearer(accessToken),
    accept: 'application/json',
    'content-type': 'application/json',
    prefer: 'outlook.timezone="UTC"',
  };
  const utc = (value: unknown) => {
    // Graph's dateTime has no offset ("2026-11-24T13:00:00.0000000") and is in the preferred zone.
    const text = typeof value === 'string' ? value : '';
    return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`).toISOString();
  };
  return {
    async account() {
      const answer = await providerCall(http, 'outlook', root, { method: 'GET', headers });
      const me = answer.json as { mail?: unknown; userPrincipalName?: unknown } | null;
      if (typeof me?.mail === 'string') return me.mail;
      return typeof me?.userPrincipalName === 'string' ? me.userPrincipalName : 'Outlook';
    },
    async busy(from, to) {
      const busy: BusyTime[] = [];
      let url: string | null =
        `${root}/calendarView?startDateTime=${encodeURIComponent(from)}&endDateTime=${encodeURIComponent(to)}` +
        '&$select=id,start,end,showAs,isCancelled&$top=200';
      // Graph pages with @odata.nextLink; a bound keeps a runaway calendar from looping forever.
      for (let page = 0; url && page < 20; page += 1) {
        const answer = await providerCall(http, 'outlook', url, { method: 'GET', headers });
        const body = answer.json as { value?: unknown; '@odata.nextLink'?: unknown } | null;
        for (const e of Array.isArray(body?.value) ? body.value : []) {
          const event = e as {
            id?: unknown;
            start?: { dateTime?: unknown };
            end?: { dateTime?: unknown };
            showAs?: unknown;
            isCancelled?: unknown;
          };
          if (event.showAs === 'free' || event.isCancelled === true) continue;
          busy.push({
            startsAt: utc(event.start?.dateTime),
            endsAt: utc(event.end?.dateTime),
            ...(typeof event.id === 'string' ? { eventId: event.id } : {}),
          });
        }
        url = typeof body?.['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : null;
      }
      return busy;
    },
    async writeEvent(event: OutsideEvent) {
      const answer = await providerCall(http, 'outlook', `${root}/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          subject: event.summary,
          body: { contentType: 'text', content: event.description },
          start: { dateTime: event.startsAt.replace(/Z$/, ''), timeZone: 'UTC' },
          end: { dateTime: event.endsAt.replace(/Z$/, ''), timeZone: 'UTC' },
          showAs: 'busy',
          transactionId: event.uid,
        }),
      });
      const id = (answer.json as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') throw new ProviderFault('outlook', answer.status, 'events answered no id');
      return { id };
    },
    async deleteEvent(id) {
      try {
        await providerCall(http, 'outlook', `${root}/events/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          headers: bearer(accessToken),
        });
      } catch (error) {
        if (error instanceof ProviderFault && error.status === 404) return;
        throw error;
      }
    },
  };
}
