import type { Generated } from 'kysely';

/** One in-app notification of an account (0027). */
export interface NotificationsTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  /** A route inside the app, without the /{country}/{lang}/ prefix. */
  link: string | null;
  created_at: string;
  read_at: string | null;
}

/** One device's web push subscription (0027). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** One open socket, on whichever instance holds it (0027). */
export interface RealtimePresenceTable {
  id: Generated<number>;
  connection: string;
  user_id: number;
  seen_at: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  realtime_presence: RealtimePresenceTable;
}
