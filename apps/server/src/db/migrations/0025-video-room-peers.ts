import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, withId } from './column-helpers.ts';

/**
 * Who is in which video room (issue 17). A row per socket in a room, shared by every instance:
 * the member list and the capacity check must see the peers held by the other instances. The
 * instance holding a socket deletes its row when the socket leaves or drops and refreshes
 * `seen_at` on each heartbeat, so the rows of an instance that died stop counting after a few
 * beats. `id` orders arrivals: past the capacity, the later arrival is the one refused.
 */
export function videoRoomPeers(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('video_room_peers'), dialect)
        .addColumn('peer', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('room', 'varchar(160)', (c) => c.notNull())
        // The account whose bus topic reaches the socket (a team member's session: its owner's).
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'video_room_peers_room_idx', 'video_room_peers', ['room']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('video_room_peers').execute();
    },
  };
}
