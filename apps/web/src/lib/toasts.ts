import { hideNotification, type NotificationData, notificationsStore } from '@mantine/notifications';
import classes from './toasts.module.css';

/**
 * Where toasts stack (issue 12): at the bottom, where neither a dialog's title and fields (Mantine
 * modals open near the top) nor the page header sit; on a phone, above the bottom sticky action
 * bar (`toastClassNames`); at most two at a time.
 */
export const toastPosition = 'bottom-right';
export const toastLimit = 2;
export const toastClassNames = { root: classes.root };

/**
 * The store spreads toasts between shown and queued by its limit and position; Notifications sets
 * them when it mounts, which is after the page (app/deferred-notifications.tsx), so toasts shown
 * before then must already follow them.
 */
export function placeToasts(): void {
  notificationsStore.updateState((state) => ({
    ...state,
    limit: toastLimit,
    defaultPosition: toastPosition,
  }));
}

function keyOf(toast: NotificationData): string | null {
  if (typeof toast.message !== 'string') return null;
  return `${toast.color ?? ''}|${typeof toast.title === 'string' ? toast.title : ''}|${toast.message}`;
}

/**
 * A toast repeated while the first is still shown (saving twice, several failed calls) replaces
 * it instead of piling up: the newest stays, with its full 10 s (spec 000 §9). Works for every
 * `notifications.show` in the app, so no call site has to remember it. Returns the unsubscribe.
 */
export function collapseRepeatedToasts(): () => void {
  return notificationsStore.subscribe((state) => {
    const all = [...state.notifications, ...state.queue];
    const newest = new Map<string, string>();
    for (const toast of all) {
      const key = keyOf(toast);
      if (key !== null && toast.id) newest.set(key, toast.id);
    }
    for (const toast of all) {
      const key = keyOf(toast);
      if (key !== null && toast.id && newest.get(key) !== toast.id) hideNotification(toast.id);
    }
  });
}
