import { handle } from '../../rpc.ts';
import {
  listNotificationsOf,
  markRead,
  removePushSubscription,
  savePushSubscription,
} from './notifications.service.ts';

/**
 * The notifications screen, the bell and web push (issue 17). Any signed-in person reads and
 * marks only their own notifications; the service answers E404 for anyone else's.
 */
export const notificationsHandlers = [
  handle('find-notifications', 'signed-in', (input, ctx) =>
    listNotificationsOf(ctx.deps, ctx.user, input.next),
  ),
  handle('mark-notifications-read', 'signed-in', (input, ctx) => markRead(ctx.deps, ctx.user, input.ref)),
  handle('find-push-key', 'signed-in', async (_input, ctx) => ({
    publicKey: await ctx.deps.push.publicKey(),
  })),
  handle('save-push-subscription', 'signed-in', (input, ctx) =>
    savePushSubscription(ctx.deps, ctx.user, input),
  ),
  handle('delete-push-subscription', 'signed-in', (input, ctx) =>
    removePushSubscription(ctx.deps, ctx.user, input.endpoint),
  ),
];
