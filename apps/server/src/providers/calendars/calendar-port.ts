import type { Outbound, OutboundAnswer } from '../../lib/outbound.ts';

/**
 * The ports of calendar and video linking (issue 18, ADR 018). Each real adapter speaks its
 * provider's own HTTP API (Google Calendar v3, Microsoft Graph, CalDAV, Zoom v2); the offline
 * imitation answers the same requests, so one adapter serves both.
 */

export interface BusyTime {
  startsAt: string;
  endsAt: string;
  /** The provider's id of the event, so the app can leave out the appointments it wrote itself. */
  eventId?: string;
}

/** An appointment as written to an outside calendar. */
export interface OutsideEvent {
  /** Stable per appointment (CalDAV names the resource with it; Meet's requestId). */
  uid: string;
  summary: string;
  description: string;
  startsAt: string;
  endsAt: string;
  /** Google only: ask for a Meet conference on the event (conferenceData createRequest). */
  withMeet?: boolean;
}

export interface WrittenEvent {
  id: string;
  /** The Meet link Google attached (hangoutLink), when asked for. */
  meetLink?: string | null;
}

export interface CalendarPort {
  /** The busy times in [from, to), one call whatever the number of slots asked about. */
  busy(from: string, to: string): Promise<BusyTime[]>;
  writeEvent(event: OutsideEvent): Promise<WrittenEvent>;
  deleteEvent(id: string): Promise<void>;
}

export interface Meeting {
  id: string;
  joinUrl: string;
  password: string | null;
}

export interface VideoPort {
  createMeeting(input: { topic: string; startsAt: string; minutes: number }): Promise<Meeting>;
  deleteMeeting(id: string): Promise<void>;
}

/** What an OAuth 2.0 authorisation code flow leaves us (RFC 6749 §5.1). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO instant; refreshed a minute before. */
  expiresAt: string;
}

/** A provider refused or failed; `status` 401 means the access token is no longer good. */
export class ProviderFault extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderFault';
  }
}

export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * One HTTP call to a provider through the outbound client (issue 28: public addresses only, no
 * redirects), bounded by a timeout (a hanging provider must not hold a booking's follow-up work).
 * A non-2xx answer throws ProviderFault; a refused address or no answer, ProviderFault status 0.
 */
export async function providerCall(
  http: Outbound,
  provider: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  timeoutMs = 10_000,
): Promise<HttpAnswer> {
  let response: OutboundAnswer;
  try {
    response = await http.request(url, {
      method: init.method,
      headers: init.headers ?? {},
      ...(init.body !== undefined ? { body: init.body } : {}),
      timeoutMs,
    });
  } catch (error) {
    throw new ProviderFault(provider, 0, `${init.method} ${url}: ${(error as Error).message}`);
  }
  const text = response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // XML (CalDAV) or a proxy's error page: kept as text.
  }
  if (!response.ok) {
    throw new ProviderFault(
      provider,
      response.status,
      `${init.method} ${new URL(url).pathname} answered ${response.status} ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, text, json };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
