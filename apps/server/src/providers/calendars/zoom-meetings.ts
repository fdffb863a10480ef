import type { Outbound } from '../../lib/outbound.ts';
import { bearer, type Meeting, ProviderFault, providerCall, type VideoPort } from './calendar-port.ts';

/**
 * Zoom API v2 (https://developers.zoom.us/docs/api/meetings/): a scheduled meeting (type 2) for
 * each online appointment, created for the authorising user (users/me) and deleted on cancel.
 */
export function zoomMeetings(
  http: Outbound,
  apiBase: string,
  accessToken: string,
): VideoPort & { account(): Promise<string> } {
  const root = `${apiBase.replace(/\/+$/, '')}/v2`;
  const headers = { ...bearer(accessToken), accept: 'application/json', 'content-type': 'application/json' };
  return {
    async account() {
      const answer = await providerCall(http, 'zoom', `${root}/users/me`, { method: 'GET', headers });
      const email = (answer.json as { email?: unknown } | null)?.email;
      return typeof email === 'string' ? email : 'Zoom';
    },
    async createMeeting(input): Promise<Meeting> {
      const answer = await providerCall(http, 'zoom', `${root}/users/me/meetings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          topic: input.topic.slice(0, 200),
          type: 2,
          // Zoom reads start_time as UTC when it ends in Z.
          start_time: input.startsAt.replace(/\.\d{3}Z$/, 'Z'),
          duration: input.minutes,
          timezone: 'UTC',
          settings: { join_before_host: false, waiting_room: true },
        }),
      });
      const meeting = answer.json as { id?: unknown; join_url?: unknown; password?: unknown } | null;
      if (
        !meeting ||
        (typeof meeting.id !== 'number' && typeof meeting.id !== 'string') ||
        typeof meeting.join_url !== 'string'
      ) {
        throw new ProviderFault('zoom', answer.status, 'meetings answered no id or join_url');
      }
      return {
        id: String(meeting.id),
        joinUrl: meeting.join_url,
        password: typeof meeting.password === 'string' && meeting.password !== '' ? meeting.password : null,
      };
    },
    async deleteMeeting(id) {
      try {
        await providerCall(http, 'zoom', `${root}/meetings/${encodeURIComponent(id)}`, {
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
