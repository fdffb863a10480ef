import type { Kysely, Migration } from 'kysely';
import { columnAdder } from './column-helpers.ts';

/**
 * Chat attachments (issue 17): a message may carry one image or PDF. Its columns sit on the
 * message itself (one file per message, written in the same insert), so a message and its file
 * reference are never half-written; the bytes live under the private data folder.
 */
export function chatAttachments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const add = columnAdder(db, 'chat_messages');
      await add('attachment_kind', 'varchar(8)');
      await add('attachment_name', 'varchar(255)');
      await add('attachment_size', 'integer');
      await add('attachment_mime', 'varchar(64)');
      await add('attachment_key', 'varchar(255)');
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
