import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, withId, withRef } from './column-helpers.ts';

/**
 * Notifications (issue 17): the in-app list of each account, the web push subscriptions of its
 * devices, and who has a live socket right now. Presence is a row per socket shared by every
 * instance (like video_room_peers): a chat message becomes a notification only when the
 * recipient has no socket on any instance. The instance holding a socket deletes its row when it
 * closes and refreshes `seen_at` on each heartbeat, so a dead instance's rows stop counting.
 */
export function notifications(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'varchar(300)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('read_at', 'varchar(32)')
        .execute();
      // The list (newest first) and the unread count read one account's rows.
      await index(db, 'notifications_user_idx', 'notifications', ['user_id', 'created_at']);

      await withId(db.schema.createTable('push_subscriptions'), dialect)
        // One row per device: the push service's endpoint names it.
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
        .addColumn('auth', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'push_subscriptions_user_idx', 'push_subscriptions', ['user_id']);

      await withId(db.schema.createTable('realtime_presence'), dialect)
        .addColumn('connection', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'realtime_presence_user_idx', 'realtime_presence', ['user_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('realtime_presence').execute();
      await db.schema.dropTable('push_subscriptions').execute();
      await db.schema.dropTable('notifications').execute();
    },
  };
}
