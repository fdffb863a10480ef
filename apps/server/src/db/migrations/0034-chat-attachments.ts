import type { Kysely, Migration } from 'kysely';

/**
 * Chat attachments (issue 17): a message may carry one image or PDF. Its columns sit on the
 * message itself (one file per message, written in the same insert), so a message and its file
 * reference are never half-written; the bytes live under the private data folder.
 */
export function chatAttachments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('chat_messages').addColumn('attachment_kind', 'varchar(8)').execute();
      await db.schema.alterTable('chat_messages').addColumn('attachment_name', 'varchar(255)').execute();
      await db.schema.alterTable('chat_messages').addColumn('attachment_size', 'integer').execute();
      await db.schema.alterTable('chat_messages').addColumn('attachment_mime', 'varchar(64)').execute();
      await db.schema.alterTable('chat_messages').addColumn('attachment_key', 'varchar(255)').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'attachment_key',
        'attachment_mime',
        'attachment_size',
        'attachment_name',
        'attachment_kind',
      ]) {
        await db.schema.alterTable('chat_messages').dropColumn(column).execute();
      }
    },
  };
}
