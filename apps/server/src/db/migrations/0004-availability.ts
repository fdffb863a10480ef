import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { withId } from './column-helpers.ts';

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
      await db.schema
        .createIndex('turn_rules_publication_idx')
        .on('turn_rules')
        .columns(['publication_id', 'weekday'])
        .execute();

      await withId(db.schema.createTable('dated_turns'), dialect)
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dated_turns_publication_idx')
        .on('dated_turns')
        .columns(['publication_id', 'date', 'start_time'])
        .unique()
        .execute();

      await withId(db.schema.createTable('blocked_days'), dialect)
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('to_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('blocked_days_user_idx')
        .on('blocked_days')
        .columns(['user_id', 'to_date'])
        .execute();

      await withId(db.schema.createTable('bookings'), dialect)
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('publication_id', 'integer', (c) => c.notNull().references('publications.id'))
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('client_id', 'integer', (c) => c.references('users.id'))
        .addColumn('contact_id', 'integer')
        .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('hold_expires_at', 'varchar(32)')
        .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // find-turns reads one professional's bookings of a window with one range scan.
      await db.schema
        .createIndex('bookings_professional_starts_idx')
        .on('bookings')
        .columns(['professional_id', 'starts_at'])
        .execute();
      await db.schema
        .createIndex('bookings_publication_starts_idx')
        .on('bookings')
        .columns(['publication_id', 'starts_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bookings').execute();
      await db.schema.dropTable('blocked_days').execute();
      await db.schema.dropTable('dated_turns').execute();
      await db.schema.dropTable('turn_rules').execute();
    },
  };
}
