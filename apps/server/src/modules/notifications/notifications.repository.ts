import type { DB } from '../../db/database.ts';

export async function insertOutboxMail(
  db: DB,
  row: {
    ref: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    template: string;
    now: string;
    attachments?: { filename: string; contentType: string; content: string }[] | undefined;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('mail_outbox')
    .values({
      ref: row.ref,
      to_address: row.to,
      subject: row.subject,
      text_body: row.text,
      html_body: row.html,
      template: row.template,
      created_at: row.now,
      attachments: row.attachments?.length ? JSON.stringify(row.attachments) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function listOutbox(db: DB, limit: number, to?: string) {
  let query = db
    .selectFrom('mail_outbox')
    .select([
      'ref',
      'to_address as to',
      'subject',
      'text_body as text',
      'html_body as html',
      'template',
      'created_at as createdAt',
      'sent_at as sentAt',
      'attachments',
    ])
    .orderBy('id', 'desc')
    .limit(limit);
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}

export function findOutboxMail(db: DB, ref: string) {
  return db.selectFrom('mail_outbox').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export async function markOutboxSent(db: DB, id: number, now: string) {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markOutboxFailed(db: DB, id: number, error: string) {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute();
}
