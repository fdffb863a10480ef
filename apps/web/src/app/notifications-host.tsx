import { Notifications } from '@mantine/notifications';
import { toastClassNames, toastLimit, toastPosition } from '../lib/toasts.ts';

/** Where toasts render; loaded after the page by DeferredNotifications. */
export function NotificationsHost() {
  return (
    // spec 000 §9: toast delay 10000 ms.
    <Notifications
      position={toastPosition}
      autoClose={10_000}
      limit={toastLimit}
      zIndex={1000}
      classNames={toastClassNames}
    />
  );
}
