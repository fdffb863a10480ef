import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';

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
    attachments?:
      | { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
      | undefined;
  },
): Promise<number> {
  return insertReturningId(db, 'mail_outbox', {
    ref: row.ref,
    to_address: row.to,
    subject: row.subject,
    text_body: row.text,
    html_body: row.html,
    template: row.template,
    created_at: row.now,
    attachments: row.attachments?.length ? JSON.stringify(row.attachments) : null,
  });
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

// In-app notifications (issue 17): one account's list, newest first.

export async function insertNotification(
  db: DB,
  row: {
    ref: string;
    userId: number;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      ref: row.ref,
      user_id: row.userId,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      created_at: row.at,
      read_at: null,
    })
    .execute();
}

const notificationColumns = ['ref', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'] as const;

export function findNotification(db: DB, ref: string) {
  return db
    .selectFrom('notifications')
    .select([...notificationColumns, 'user_id'])
    .where('ref', '=', ref)
    .executeTakeFirst();
}

/**
 * A page of one account's notifications, newest first (in the order they were written: instants
 * tie within a transaction), after the one whose ref ends the previous page.
 */
export function listNotifications(db: DB, userId: number, afterRef: string | null, limit: number) {
  let query = db
    .selectFrom('notifications')
    .select(notificationColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (afterRef !== null) {
    query = query.where(
      'id',
      '<',
      db
        .selectFrom('notifications as last')
        .select('last.id')
        .where('last.ref', '=', afterRef)
        .where('last.user_id', '=', userId),
    );
  }
  return query.execute();
}

export async function countUnreadNotifications(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the account's notifications (or all of them) read; answers how many changed. */
export async function markNotificationsRead(
  db: DB,
  userId: number,
  ref: string | null,
  at: string,
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ref !== null) query = query.where('ref', '=', ref);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Web push subscriptions: one row per device (endpoint).

/** Saves a device's subscription for the account; a device moving to another account moves with it. */
export async function upsertPushSubscription(
  db: DB,
  row: { userId: number; endpoint: string; p256dh: string; auth: string; at: string },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: row.userId, p256dh: row.p256dh, auth: row.auth }),
    )
    .execute();
}

export function listPushSubscriptions(db: DB, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function deletePushSubscription(db: DB, endpoint: string, userId?: number): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export function findUserLinkReader(db: DB, userId: number) {
  return db.selectFrom('users').select(['country_id', 'lang']).where('id', '=', userId).executeTakeFirst();
}

export async function hasUnreadNotification(db: DB, userId: number, kind: string, link: string | null) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('link', link === null ? 'is' : '=', link)
    .where('read_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks read the account's unread notifications of one kind about one link. */
export async function markReadAbout(db: DB, userId: number, kind: string, link: string, at: string) {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('link', '=', link)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
