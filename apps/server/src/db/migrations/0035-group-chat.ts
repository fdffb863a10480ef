import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { uniqueIndex, withRef } from './column-helpers.ts';

/**
 * The group appointment's conversation (issue 17): one per group turn, keyed by the turn itself
 * (its publication and start; a group has no row of its own, its seats are the bookings). Its
 * members are the professional and every client seated in it, so it has no single client:
 * `client_id` becomes nullable. The pair stays unique for 1:1 conversations (NULLs never collide).
 * PostgreSQL drops the NOT NULL in place; SQLite cannot, so the table is rebuilt under the same
 * ids (the documented procedure, with foreign keys off while the old table is swapped out).
 */
export function groupChat(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('chat_conversations')
          .alterColumn('client_id', (c) => c.dropNotNull())
          .execute();
        await db.schema
          .alterTable('chat_conversations')
          .addColumn('group_publication_id', 'integer', (c) => c.references('publications.id'))
          .addColumn('group_starts_at', 'varchar(32)')
          .addColumn('group_title', 'varchar(255)')
          .execute();
      } else {
        await sql`PRAGMA foreign_keys = OFF`.execute(db);
        try {
          await withRef(db.schema.createTable('chat_conversations_0035'), dialect)
            .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
            .addColumn('client_id', 'integer', (c) => c.references('users.id'))
            .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('activity_at', 'varchar(32)', (c) => c.notNull())
            .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
            .addColumn('group_publication_id', 'integer', (c) => c.references('publications.id'))
            .addColumn('group_starts_at', 'varchar(32)')
            .addColumn('group_title', 'varchar(255)')
            .addUniqueConstraint('chat_conversations_pair_uq', ['professional_id', 'client_id'])
            .execute();
          await sql`INSERT INTO chat_conversations_0035
            (id, ref, professional_id, client_id, last_seq, activity_at, created_at)
            SELECT id, ref, professional_id, client_id, last_seq, activity_at, created_at
            FROM chat_conversations`.execute(db);
          await db.schema.dropTable('chat_conversations').execute();
          await db.schema.alterTable('chat_conversations_0035').renameTo('chat_conversations').execute();
          const broken = await sql`PRAGMA foreign_key_check`.execute(db);
          if (broken.rows.length > 0) throw new Error('0035: foreign keys broken by the rebuild');
        } finally {
          await sql`PRAGMA foreign_keys = ON`.execute(db);
        }
      }
      // One conversation per group turn; two members opening it at once find the same row.
      await uniqueIndex(db, 'chat_conversations_group_uq', 'chat_conversations', [
        'group_publication_id',
        'group_starts_at',
      ]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chat_conversations_group_uq').execute();
      // Group conversations cannot live in the older shape; their messages go with them (the
      // client_id column itself stays nullable on the way down: harmless for 1:1 rows).
      const groups = sql`SELECT id FROM chat_conversations WHERE group_publication_id IS NOT NULL`;
      await sql`DELETE FROM chat_messages WHERE conversation_id IN (${groups})`.execute(db);
      await sql`DELETE FROM chat_members WHERE conversation_id IN (${groups})`.execute(db);
      await sql`DELETE FROM chat_conversations WHERE group_publication_id IS NOT NULL`.execute(db);
      // SQLite refuses to drop a column that carries a foreign key; there it stays, unused.
      const columns = ['group_title', 'group_starts_at'];
      if (dialect === 'postgres') columns.push('group_publication_id');
      for (const column of columns) {
        await db.schema.alterTable('chat_conversations').dropColumn(column).execute();
      }
    },
  };
}
