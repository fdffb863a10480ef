import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withId, withRef } from './column-helpers.ts';

export function accounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('users'), dialect)
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_type', 'integer', (c) => c.notNull())
        .addColumn('country_id', 'integer', (c) => c.notNull())
        .addColumn('lang', 'varchar(2)', (c) => c.notNull().defaultTo('es'))
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)')
        .addColumn('img', 'text')
        .addColumn('email_verified_at', 'varchar(32)')
        .addColumn('pending_email', 'varchar(254)')
        .addColumn('new_user', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('block_use', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('card_added', 'integer', (c) => c.notNull().defaultTo(0))
        // spec 002 §4: plan 4 is the free plan that clears the usage block; the plans slice owns upgrades.
        .addColumn('user_plan', 'integer', (c) => c.notNull().defaultTo(4))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('signup_ref', 'varchar(64)')
        .$call(timestamps)
        .execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(300)')
        .execute();
      await index(db, 'sessions_user_idx', 'sessions', ['user_id']);

      await withId(db.schema.createTable('one_time_tokens'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
      await index(db, 'one_time_tokens_user_idx', 'one_time_tokens', ['user_id', 'purpose']);

      await withRef(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('template', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await index(db, 'mail_outbox_created_idx', 'mail_outbox', ['created_at']);

      await withRef(db.schema.createTable('short_links'), dialect)
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['short_links', 'mail_outbox', 'one_time_tokens', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
