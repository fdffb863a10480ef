import { z } from 'zod';
import { action, ok } from '../action.ts';
import { AppNotification, PushSubscriptionInput } from '../shapes/notifications.ts';
import { NextPage } from '../shapes/paging.ts';
import { Ref } from './fields.ts';

/**
 * Notifications (issue 17). A notification belongs to one account: another person's ref answers
 * E404 exactly like an unknown one, and changes nothing.
 */
const notificationErrors = {
  E404: { es: 'No encontramos la notificación.', en: 'Notification not found.', status: 404 },
};

/** notifications: the viewer's notifications, newest first, paged by cursor; `unread` counts all. */
export const findNotifications = action('find-notifications', {
  input: z.object({
    next: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'E1')
      .nullish(),
  }),
  output: ok({ notifications: z.array(AppNotification), next: NextPage, unread: z.number().int() }),
  errors: notificationErrors,
});

/** One notification read (`ref`), or all of them ('Marcar todas como leídas') without a ref. */
export const markNotificationsRead = action('mark-notifications-read', {
  input: z.object({ ref: Ref.nullish() }),
  output: ok({ unread: z.number().int() }),
  errors: notificationErrors,
});

/** Web push: the application server's VAPID public key (base64url), what a browser subscribes with. */
export const findPushKey = action('find-push-key', {
  input: z.object({}),
  output: ok({ publicKey: z.string() }),
});

/**
 * This device's push subscription; one per device (its endpoint), saved again on renewal. The
 * server pushes to the endpoint later, so only the browsers' push services are kept (issue 28):
 * any other address answers E2.
 */
export const savePushSubscription = action('save-push-subscription', {
  input: PushSubscriptionInput,
  output: ok({}),
  errors: {
    E2: {
      es: 'Este navegador usa un servicio de notificaciones que no reconocemos. Prueba con otro navegador.',
      en: 'This browser uses a notification service we do not recognise. Try another browser.',
      field: 'endpoint',
    },
  },
});

/** This device stops receiving push (the user turned it off, or unsubscribed in the browser). */
export const deletePushSubscription = action('delete-push-subscription', {
  input: z.object({ endpoint: z.string({ error: 'E1' }).max(1000, 'E1') }),
  output: ok({}),
});
