import type { Generated } from 'kysely';

export type ExternalLinkKind = 'calendar' | 'video';
export type ExternalProvider = 'google' | 'outlook' | 'caldav' | 'zoom';

/** A professional's linked calendar or video service (0032); one of each kind. */
export interface ExternalLinksTable {
  id: Generated<number>;
  user_id: number;
  kind: ExternalLinkKind;
  provider: ExternalProvider;
  /** What the professional recognises: the account's e-mail or the CalDAV user. */
  account: string;
  /** The tokens (or the CalDAV address and password) as JSON, sealed (lib/secret-box.ts). */
  credentials_sealed: string;
  busy_synced_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An OAuth authorisation under way (0032). */
export interface ExternalLinkRequestsTable {
  id: Generated<number>;
  state: string;
  user_id: number;
  kind: ExternalLinkKind;
  provider: ExternalProvider;
  country: string;
  lang: string;
  expires_at: string;
}

/** A busy time read from a linked calendar (0032). */
export interface ExternalBusyTable {
  id: Generated<number>;
  user_id: number;
  starts_at: string;
  ends_at: string;
}

/** An appointment's event and meeting outside, and the work owed to the provider (0032). */
export interface BookingExternalTable {
  id: Generated<number>;
  booking_id: number;
  professional_id: number;
  work: 'write' | 'delete' | 'synced' | 'removed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  calendar_provider: string | null;
  calendar_event_id: string | null;
  meeting_provider: string | null;
  meeting_id: string | null;
  join_url: string | null;
  meeting_password: string | null;
  updated_at: string;
}

export interface ExternalCalendarsTables {
  external_links: ExternalLinksTable;
  external_link_requests: ExternalLinkRequestsTable;
  external_busy: ExternalBusyTable;
  booking_external: BookingExternalTable;
}
