import type { AppNotification, NotificationKind } from '@agendo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/tables/notifications.ts';
import type { AppDeps } from '../../deps.ts';
import type { Mailer } from '../../kernel/mailer.ts';
import type { SessionUser } from '../../kernel/session.ts';
import { appLink } from '../../lib/app-link.ts';
import type { RenderedMail } from '../../lib/mail-templates.ts';
import { decodeCursor, pageOf } from '../../lib/page-cursor.ts';
import { newRef } from '../../lib/random.ts';
import type { MailTransport } from '../../providers/mail/mail-transport.ts';
import { isPushServiceEndpoint } from '../../providers/push/web-push-sender.ts';
import { ActionError } from '../../rpc-errors.ts';
import { publishToUser } from '../realtime/realtime.service.ts';
import {
  countUnreadNotifications,
  deletePushSubscription,
  findNotification,
  findOutboxMail,
  findUserLinkReader,
  hasUnreadNotification,
  insertNotification,
  insertOutboxMail,
  listNotifications,
  listOutbox,
  listPushSubscriptions,
  markNotificationsRead,
  markOutboxFailed,
  markOutboxSent,
  markReadAbout,
  upsertPushSubscription,
} from './notifications.repository.ts';

export function createMailer(deps: {
  db: DB;
  transport: MailTransport | null;
  from: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): Mailer {
  const deliver = async (id: number, to: string, mail: RenderedMail) => {
    if (!deps.transport) return;
    try {
      await deps.transport.send({
        from: deps.from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
      await markOutboxSent(deps.db, id, deps.now().toISOString());
    } catch (error) {
      deps.log.warn({ err: error, template: mail.template }, 'mail delivery failed; kept in outbox');
      await markOutboxFailed(deps.db, id, String(error));
    }
  };
  return {
    async send(to, mail, db = deps.db) {
      const ref = newRef();
      const id = await insertOutboxMail(db, { ref, to, ...mail, now: deps.now().toISOString() });
      // Delivery happens after the caller's transaction; a slow SMTP server never holds a request.
      setImmediate(() => void deliver(id, to, mail));
      return ref;
    },
  };
}

/** The outbox's newest mails (to one address), for the development mailbox. */
export const outboxMails = (deps: AppDeps, to?: string) => listOutbox(deps.db, 50, to);
export const outboxMail = (deps: AppDeps, ref: string) => findOutboxMail(deps.db, ref);

/**
 * What happened, as a feature tells it (issue 17): to whom, what kind, a Spanish title and body,
 * and where in the app it leads. The feature does not choose the channels.
 */
export interface NotificationEvent {
  /** The account that hears of it; null for someone without an account (a contact): mail only. */
  userId: number | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A route inside the app without the /{country}/{lang}/ prefix, e.g. `my-bookings/<ref>`. */
  link: string | null;
  /** The mail this event sends (as it did before in-app notifications existed), if any. */
  mail?: { to: string; content: RenderedMail } | undefined;
  /** While an earlier one of the same kind and link is unread, no new one (a burst of chat messages). */
  collapse?: boolean;
}

/**
 * The notifications service (issue 17, ADR 017): one place decides the channels. Inside the
 * caller's transaction it writes the mail to the outbox and the in-app row, so both exist exactly
 * when the change does; once the row is committed it is delivered live to the account's sockets
 * on any instance (through the bus) and pushed to its devices.
 */
export async function notify(deps: AppDeps, db: DB, event: NotificationEvent): Promise<void> {
  if (event.mail) await deps.mail.send(event.mail.to, event.mail.content, db);
  if (event.userId === null) return;
  if (event.collapse && (await hasUnreadNotification(db, event.userId, event.kind, event.link))) return;
  const ref = newRef();
  await insertNotification(db, {
    ref,
    userId: event.userId,
    kind: event.kind,
    title: event.title.slice(0, 300),
    body: event.body,
    link: event.link,
    at: deps.now().toISOString(),
  });
  deliverOnceCommitted(deps, event.userId, ref);
}

/**
 * Waits for the row to be visible outside the caller's transaction (at once on SQLite, whose one
 * connection runs the read after the commit; a few retries on PostgreSQL). A row that never
 * appears was rolled back: nothing is delivered, so no tab hears of what did not happen.
 */
const visibilityWaitsMs = [0, 25, 50, 100, 200, 400, 800, 1600];

function deliverOnceCommitted(deps: AppDeps, userId: number, ref: string) {
  const attempt = async (n: number): Promise<void> => {
    const row = await findNotification(deps.db, ref);
    if (!row) {
      const wait = visibilityWaitsMs[n + 1];
      if (wait !== undefined) setTimeout(() => void attempt(n + 1).catch(failed), wait).unref();
      return;
    }
    await deliver(deps, userId, notificationOf(row));
  };
  const failed = (error: unknown) => deps.log.warn({ err: error }, 'notification delivery failed');
  setImmediate(() => void attempt(0).catch(failed));
}

async function deliver(deps: AppDeps, userId: number, notification: AppNotification) {
  const unread = await countUnreadNotifications(deps.db, userId);
  // The account's own sockets only: a team session does not read its owner's notifications.
  await publishToUser(deps, userId, { type: 'notification', notification, unread }, 'owner-only');
  await pushToDevices(deps, userId, notification);
}

/** Web push to each of the account's devices; a subscription the push service calls gone is forgotten. */
async function pushToDevices(deps: AppDeps, userId: number, notification: AppNotification) {
  const devices = await listPushSubscriptions(deps.db, userId);
  if (devices.length === 0) return;
  const reader = await findUserLinkReader(deps.db, userId);
  if (!reader) return;
  const payload = JSON.stringify({
    title: notification.title,
    body: notification.body,
    url: appLink(deps.config, reader, notification.link ?? 'notifications'),
    tag: notification.ref,
  });
  await Promise.all(
    devices.map(async (device) => {
      const outcome = await deps.push.send(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
      );
      if (outcome === 'gone') await deletePushSubscription(deps.db, device.endpoint);
    }),
  );
}

function notificationOf(row: Omit<NotificationsTable, 'id' | 'user_id'>): AppNotification {
  return {
    ref: row.ref,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

const notificationsPage = 20;

/**
 * Notifications belong to the account holder: a team member's session (corporate permissions)
 * reads none of its owner's, and anything not the caller's answers E404 like an unknown ref.
 */
const ownerOf = (user: SessionUser): number | null => (user.permissions === null ? user.id : null);

export async function listNotificationsOf(deps: AppDeps, user: SessionUser, next: string | null | undefined) {
  const userId = ownerOf(user);
  if (userId === null) return { notifications: [], next: null, unread: 0 };
  const after = next ? String(decodeCursor(next, 1)[0]) : null;
  const rows = await listNotifications(deps.db, userId, after, notificationsPage + 1);
  const { page, next: cursor } = pageOf(rows, notificationsPage, (r) => [r.ref]);
  return {
    notifications: page.map(notificationOf),
    next: cursor,
    unread: await countUnreadNotifications(deps.db, userId),
  };
}

/** One notification (`ref`) or all of them read; the account's other tabs hear the new count. */
export async function markRead(deps: AppDeps, user: SessionUser, ref: string | null | undefined) {
  const userId = ownerOf(user);
  if (userId === null) throw new ActionError('E404');
  if (ref) {
    const row = await findNotification(deps.db, ref);
    if (!row || row.user_id !== userId) throw new ActionError('E404');
  }
  const changed = await markNotificationsRead(deps.db, userId, ref ?? null, deps.now().toISOString());
  const unread = await countUnreadNotifications(deps.db, userId);
  if (changed > 0) await publishToUser(deps, userId, { type: 'notifications.read', unread }, 'owner-only');
  return { unread };
}

export async function savePushSubscription(
  deps: AppDeps,
  user: SessionUser,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  const userId = ownerOf(user);
  // A team member's device would receive the owner's notifications: not subscribed.
  if (userId === null) throw new ActionError('E403');
  // Issue 28: the server POSTs to the endpoint on every notification, so only a push service's
  // (or, outside production, an allow-listed imitation's) is kept.
  if (!isPushServiceEndpoint(input.endpoint) && !deps.outbound.allowed(input.endpoint)) {
    throw new ActionError('E2', 'endpoint');
  }
  await upsertPushSubscription(deps.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    at: deps.now().toISOString(),
  });
  return {};
}

/** Only the caller's own subscription is removed; another account's endpoint stays as it was. */
export async function removePushSubscription(deps: AppDeps, user: SessionUser, endpoint: string) {
  const userId = ownerOf(user);
  if (userId !== null) await deletePushSubscription(deps.db, endpoint, userId);
  return {};
}

/**
 * What the notification was about was seen where it happened (a conversation opened and read):
 * its notifications are read too, and the account's tabs hear the new count.
 */
export async function seenAbout(deps: AppDeps, userId: number, kind: NotificationKind, link: string) {
  const changed = await markReadAbout(deps.db, userId, kind, link, deps.now().toISOString());
  if (changed === 0) return;
  const unread = await countUnreadNotifications(deps.db, userId);
  await publishToUser(deps, userId, { type: 'notifications.read', unread }, 'owner-only');
}
