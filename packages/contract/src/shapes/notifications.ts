import { z } from 'zod';

/**
 * What happened, as the notifications service files it (issue 17). Each kind comes from an event
 * that also sends a mail (or a chat message to someone offline); the screen picks its icon by it.
 */
export const NotificationKind = z.enum([
  'booking-booked',
  'booking-rescheduled',
  'booking-cancelled',
  'booking-price-to-confirm',
  'booking-price-changed',
  'booking-reminder',
  'refund-flagged',
  'plan-payment-failed',
  'chat-message',
  /** A course module bought (the buyer), a new course sale (its professional), a certificate issued. */
  'course-purchase',
  'course-sale',
  'course-certificate',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/**
 * One in-app notification of the viewer. `link` is a route inside the app without the
 * /{country}/{lang}/ prefix (the web adds the viewer's own), e.g. `my-bookings/AbC…`.
 */
export const AppNotification = z.object({
  ref: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** UTC instant. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof AppNotification>;

/** A browser's push subscription (PushSubscription.toJSON()): where to send and how to encrypt. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'E1' }).max(1000, 'E1'),
  keys: z.object({
    p256dh: z.string({ error: 'E1' }).regex(/^[A-Za-z0-9_-]{80,120}={0,2}$/, 'E1'),
    auth: z.string({ error: 'E1' }).regex(/^[A-Za-z0-9_-]{16,40}={0,2}$/, 'E1'),
  }),
});
