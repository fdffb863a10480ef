import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** spec 000 §2.2 notifications (issue 17): loaded only when opened. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: lazyPage(
      () => import('./notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
];
