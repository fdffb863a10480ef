import type { Outbound } from '../../lib/outbound.ts';
import {
  type BusyTime,
  bearer,
  type CalendarPort,
  type OutsideEvent,
  ProviderFault,
  providerCall,
  type WrittenEvent,
} from './calendar-port.ts';

/**
 * Google Calendar API v3 (https://developers.google.com/calendar/api/v3/reference): events.list
 * for the busy times, events.insert / events.delete for the appointments, on the primary calendar.
 * With `withMeet` the event asks for a Meet conference (conferenceData.createRequest, which needs
 * conferenceDataVersion=1) and Google answers its hangoutLink.
 */
export function googleCalendar(
  http: Outbound,
  apiBase: string,
  accessToken: string,
): CalendarPort & { account(): Promise<string> } {
  const root = `${apiBase.replace(/\/+$/, '')}/calendar/v3`;
  const json = { ...bearer(accessToken), 'content-type': 'application/json', accept: 'application/json' };
  return {
    async account() {
      const answer = await providerCall(http, 'google', `${root}/calendars/primary`, {
        method: 'GET',
        headers: json,
      });
      const id = (answer.json as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? id : 'Google Calendar';
    },
    async busy(from, to) {
      const busy: BusyTime[] = [];
      let pageToken: string | null = null;
      // events.list rather than freeBusy: each busy time comes with its event id, so the
      // appointments we wrote ourselves are told apart (a group session keeps its free seats).
      for (let page = 0; page < 20; page += 1) {
        const query = new URLSearchParams({
          timeMin: from,
          timeMax: to,
          singleEvents: 'true',
          maxResults: '250',
          fields: 'items(id,status,transparency,start,end),nextPageToken',
        });
        if (pageToken) query.set('pageToken', pageToken);
        const answer = await providerCall(http, 'google', `${root}/calendars/primary/events?${query}`, {
          method: 'GET',
          headers: json,
        });
        const body = answer.json as { items?: unknown; nextPageToken?: unknown } | null;
        if (!body || !Array.isArray(body.items)) {
          throw new ProviderFault('google', answer.status, 'events.list answered no items');
        }
        for (const item of body.items) {
          const e = item as {
            id?: unknown;
            status?: unknown;
            transparency?: unknown;
            start?: { dateTime?: unknown; date?: unknown };
            end?: { dateTime?: unknown; date?: unknown };
          };
          // A cancelled instance or one marked "available" (transparent) takes no time.
          if (e.status === 'cancelled' || e.transparency === 'transparent') continue;
          const start = e.start?.dateTime ?? e.start?.date;
          const end = e.end?.dateTime ?? e.end?.date;
          if (typeof start !== 'string' || typeof end !== 'string') continue;
          busy.push({
            startsAt: new Date(start).toISOString(),
            endsAt: new Date(end).toISOString(),
            ...(typeof e.id === 'string' ? { eventId: e.id } : {}),
          });
        }
        pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : null;
        if (!pageToken) break;
      }
      return busy;
    },
    async writeEvent(event: OutsideEvent): Promise<WrittenEvent> {
      const body: Record<string, unknown> = {
        summary: event.summary,
        description: event.description,
        start: { dateTime: event.startsAt },
        end: { dateTime: event.endsAt },
        // Our appointment, not to be read back as someone else's busy time in our own reports.
        extendedProperties: { private: { agendoUid: event.uid } },
      };
      if (event.withMeet) {
        body.conferenceData = {
          createRequest: { requestId: event.uid, conferenceSolutionKey: { type: 'hangoutsMeet' } },
        };
      }
      const answer = await providerCall(
        http,
        'google',
        `${root}/calendars/primary/events${event.withMeet ? '?conferenceDataVersion=1' : ''}`,
        { method: 'POST', headers: json, body: JSON.stringify(body) },
      );
      const created = answer.json as {
        id?: unknown;
        hangoutLink?: unknown;
        conferenceData?: { entryPoints?: Array<{ entryPointType?: string; uri?: string }> };
      } | null;
      if (!created || typeof created.id !== 'string') {
        throw new ProviderFault('google', answer.status, 'events.insert answered no id');
      }
      const video = created.conferenceData?.entryPoints?.find((p) => p.entryPointType === 'video')?.uri;
      const meetLink = typeof created.hangoutLink === 'string' ? created.hangoutLink : (video ?? null);
      return { id: created.id, meetLink };
    },
    async deleteEvent(id) {
      try {
        await providerCall(http, 'google', `${root}/calendars/primary/events/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          headers: bearer(accessToken),
        });
      } catch (error) {
        // Already gone (deleted by the professional in Google): what we wanted.
        if (error instanceof ProviderFault && (error.status === 404 || error.status === 410)) return;
        throw error;
      }
    },
  };
}
