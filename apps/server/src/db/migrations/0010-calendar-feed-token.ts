import type { Kysely, Migration } from 'kysely';

/**
 * The calendar feed's secret address is shown again whenever its owner opens the agenda (like
 * the "secret address" calendar services show), so the token itself is kept; lookups still go
 * through its hash, and a reset replaces both.
 */
export function calendarFeedToken(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('calendar_feeds').addColumn('token', 'varchar(64)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('calendar_feeds').dropColumn('token').execute();
    },
  };
}
