import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withId } from './column-helpers.ts';

/**
 * Calendar and video linking (issue 18, ADR 018):
 * - external_links: a professional's linked calendar (Google, Outlook, CalDAV) and video service
 *   (Zoom), one of each; the provider's tokens or CalDAV password sealed with KEY_ENCRYPTION_KEY;
 * - external_link_requests: an OAuth authorisation under way (its `state`, single use);
 * - external_busy: the busy times last read from the linked calendar, the cache find-turns reads
 *   (refreshed at most once per TTL per professional, never per slot);
 * - booking_external: what an appointment has outside (its calendar event, its meeting) and the
 *   work still owed to the provider, done after the booking commits and retried on failure.
 */
export function externalCalendars(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('external_links'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('account', 'varchar(200)', (c) => c.notNull())
        .addColumn('credentials_sealed', 'text', (c) => c.notNull())
        .addColumn('busy_synced_at', 'varchar(32)')
        .$call(timestamps)
        .addUniqueConstraint('external_links_user_kind_uq', ['user_id', 'kind'])
        .execute();

      await withId(db.schema.createTable('external_link_requests'), dialect)
        .addColumn('state', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('country', 'varchar(8)', (c) => c.notNull())
        .addColumn('lang', 'varchar(8)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('external_busy'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'external_busy_user_idx', 'external_busy', ['user_id', 'starts_at']);

      await withId(db.schema.createTable('booking_external'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('bookings.id'))
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        // 'write' (owed: event and meeting), 'delete' (owed: remove them), 'synced', 'removed'.
        .addColumn('work', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('calendar_provider', 'varchar(16)')
        .addColumn('calendar_event_id', 'varchar(300)')
        .addColumn('meeting_provider', 'varchar(16)')
        .addColumn('meeting_id', 'varchar(300)')
        .addColumn('join_url', 'varchar(1000)')
        .addColumn('meeting_password', 'varchar(100)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'booking_external_due_idx', 'booking_external', ['work', 'next_attempt_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('booking_external').execute();
      await db.schema.dropTable('external_busy').execute();
      await db.schema.dropTable('external_link_requests').execute();
      await db.schema.dropTable('external_links').execute();
    },
  };
}
