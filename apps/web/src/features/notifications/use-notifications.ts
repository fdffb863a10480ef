import type { OutputOf, ServerFrame } from '@agendo/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useRealtime } from '../../lib/realtime.ts';

export const notificationsKey = ['find-notifications'] as const;
export const unreadKey = ['find-notifications', 'unread'] as const;

type Pages = InfiniteData<OutputOf<'find-notifications'>, unknown>;

/** The viewer's notifications, newest first, 'Ver más' by cursor. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => call('find-notifications', { next: pageParam }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The bell's count: read once, then kept current by the channel. */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: async () => (await call('find-notifications', { next: null })).unread,
  });
}

/**
 * Keeps the bell and the list current (issue 17): a new notification arrives with the new count;
 * a mark on another tab or device sends the new count; after a reconnection both are read again
 * (notifications are not replayed on resume).
 */
export function useNotificationsChannel() {
  const client = useQueryClient();
  useRealtime((frame: ServerFrame) => {
    if (frame.type === 'notification') {
      client.setQueryData(unreadKey, frame.unread);
      void client.invalidateQueries({ queryKey: notificationsKey, exact: true });
    } else if (frame.type === 'notifications.read') {
      client.setQueryData(unreadKey, frame.unread);
      void client.invalidateQueries({ queryKey: notificationsKey, exact: true });
    } else if (frame.type === 'ready') {
      void client.invalidateQueries({ queryKey: notificationsKey });
    }
  });
}

/** One notification read (`ref`), or all of them without one. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ref: string | null) => call('mark-notifications-read', { ref }),
    onSuccess: ({ unread }, ref) => {
      client.setQueryData(unreadKey, unread);
      client.setQueryData<Pages>(notificationsKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread,
                notifications: page.notifications.map((n) =>
                  ref === null || n.ref === ref ? { ...n, read: true } : n,
                ),
              })),
            }
          : data,
      );
    },
  });
}
