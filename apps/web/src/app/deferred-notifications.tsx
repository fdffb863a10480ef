import { useNotifications } from '@mantine/notifications';
import { type ComponentType, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

let loading: Promise<ComponentType> | undefined;
function loadHost(): Promise<ComponentType> {
  loading ??= import('./notifications-host.tsx').then(
    (module) => module.NotificationsHost,
    (error: unknown) => {
      // A failed download (offline) is tried again with the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * issue 13: Mantine's Notifications (its transitions, scroll-lock classes and toast card, ~7 kB
 * gzip with what they bring) are not needed to show a page, so they load once the browser is
 * idle, or at the first toast if one comes earlier. `notifications.show` only writes to the
 * store, which keeps every toast until the host mounts and shows it.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length > 0;
  const [Host, setHost] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (Host) return;
    let live = true;
    const load = () => {
      loadHost().then(
        (host) => {
          if (live) setHost(() => host);
        },
        () => {},
      );
    };
    // Something is already waiting to be shown: load now rather than when the browser is idle.
    let cancel = () => {};
    if (waiting) load();
    else cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [Host, waiting]);

  return Host ? <Host /> : null;
}
