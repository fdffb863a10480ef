import type { Generated, Insertable, Updateable } from 'kysely';
import type { AfipTables } from './tables/afip.ts';
import type { AvailabilityTables } from './tables/availability.ts';
import type { BookingsTables } from './tables/bookings.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { ChatTables } from './tables/chat.ts';
import type { ClinicalTables } from './tables/clinical.ts';
import type { ContactsTables } from './tables/contacts.ts';
import type { CoursesTables } from './tables/courses.ts';
import type { ExternalCalendarsTables } from './tables/external-calendars.ts';
import type { FiscalTables } from './tables/fiscal.ts';
import type { LegalTables } from './tables/legal.ts';
import type { NotificationsTables } from './tables/notifications.ts';
import type { PlansTables } from './tables/plans.ts';
import type { ProfileTables } from './tables/profile.ts';
import type { SearchTables } from './tables/search.ts';
import type { StorefrontTables } from './tables/storefront.ts';
import type { VideoRoomTables } from './tables/video-room.ts';

/**
 * Table shapes shared by both dialects. Instants are ISO-8601 UTC strings (they sort
 * correctly as text on SQLite and PostgreSQL alike); flags are integers 0/1.
 */
export interface Database
  extends CatalogueTables,
    AvailabilityTables,
    StorefrontTables,
    SearchTables,
    ContactsTables,
    ClinicalTables,
    BookingsTables,
    CoursesTables,
    ChatTables,
    ProfileTables,
    FiscalTables,
    PlansTables,
    VideoRoomTables,
    NotificationsTables,
    LegalTables,
    ExternalCalendarsTables,
    AfipTables {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  short_links: ShortLinksTable;
}

export interface UsersTable {
  id: Generated<number>;
  ref: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_type: number;
  country_id: number;
  lang: string;
  time_zone: string;
  phone: string | null;
  img: string | null;
  email_verified_at: string | null;
  pending_email: string | null;
  new_user: Generated<number>;
  block_use: Generated<number>;
  card_added: Generated<number>;
  user_plan: Generated<number>;
  is_admin: Generated<number>;
  /** 1 Hombre, 2 Mujer, 3 Transgenero (the search filter); null when not given. */
  gender: Generated<number | null>;
  signup_ref: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** Set on a corporate session: the account whose data this session acts on. */
  corporate_owner_id: number | null;
  /** JSON map of corporate permission names to booleans; null outside corporate sessions. */
  permissions: string | null;
}

export type OneTimePurpose = 'verify-email' | 'recovery' | 'autologin' | 'change-email';

export interface OneTimeTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: OneTimePurpose;
  payload: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  ref: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** JSON [{filename, contentType, content (base64)}], e.g. an appointment's .ics. */
  attachments: string | null;
}

export interface ShortLinksTable {
  id: Generated<number>;
  ref: string;
  target: string;
  created_at: string;
}

export type NewUser = Insertable<UsersTable>;
export type UserChanges = Updateable<UsersTable>;
