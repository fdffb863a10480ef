import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, withRef } from './column-helpers.ts';

/**
 * The chat (issue 17): one conversation per professional and client, its members (with how far
 * each has read) and its messages. Members are rows rather than two columns so a group
 * appointment's conversation can later have more than two. `last_seq` numbers the messages of a
 * conversation: the UPDATE that takes the next number locks the conversation's row until commit,
 * so numbers follow commit order and "read up to seq" never skips a message.
 */
export function chat(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('chat_conversations'), dialect)
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('activity_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('chat_conversations_pair_uq', ['professional_id', 'client_id'])
        .execute();

      await db.schema
        .createTable('chat_members')
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('chat_members_pk', ['conversation_id', 'user_id'])
        .execute();
      await index(db, 'chat_members_user_idx', 'chat_members', ['user_id']);

      await withRef(db.schema.createTable('chat_messages'), dialect)
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        // The account the message speaks for (the professional also when a team member typed it).
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sender_role', 'varchar(16)', (c) => c.notNull())
        // The person at the keyboard.
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('chat_messages_seq_uq', ['conversation_id', 'seq'])
        .execute();
      // Resume after a reconnect reads a member's conversations' messages since an instant.
      await index(db, 'chat_messages_conversation_created_idx', 'chat_messages', [
        'conversation_id',
        'created_at',
      ]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chat_messages').execute();
      await db.schema.dropTable('chat_members').execute();
      await db.schema.dropTable('chat_conversations').execute();
    },
  };
}
