import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, uniqueIndex, withId, withRef } from './column-helpers.ts';

export function availability(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('turn_rules'), dialect)
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('weekday', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'turn_rules_publication_idx', 'turn_rules', ['publication_id', 'weekday']);

      await withRef(db.schema.createTable('dated_turns'), dialect)
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await uniqueIndex(db, 'dated_turns_publication_idx', 'dated_turns', [
        'publication_id',
        'date',
        'start_time',
      ]);

      await withRef(db.schema.createTable('blocked_days'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('to_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'blocked_days_user_idx', 'blocked_days', ['user_id', 'to_date']);

      await withRef(db.schema.createTable('bookings'), dialect)
        .addColumn('publication_id', 'integer', (c) => c.notNull().references('publications.id'))
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('client_id', 'integer', (c) => c.references('users.id'))
        .addColumn('contact_id', 'integer')
        .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('hold_expires_at', 'varchar(32)')
        .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(timestamps)
        .execute();
      // find-turns reads one professional's bookings of a window with one range scan.
      await index(db, 'bookings_professional_starts_idx', 'bookings', ['professional_id', 'starts_at']);
      await index(db, 'bookings_publication_starts_idx', 'bookings', ['publication_id', 'starts_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bookings').execute();
      await db.schema.dropTable('blocked_days').execute();
      await db.schema.dropTable('dated_turns').execute();
      await db.schema.dropTable('turn_rules').execute();
    },
  };
}
