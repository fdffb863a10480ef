import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** change-calendar and connect-zoom (spec 000 §2.2; issue 18), one chunk each. */
export const externalCalendarsRoutes: RouteObject[] = [
  {
    path: 'change-calendar',
    lazy: lazyPage(
      () => import('./change-calendar-page.tsx'),
      (m) => m.ChangeCalendarPage,
    ),
  },
  {
    path: 'connect-zoom',
    lazy: lazyPage(
      () => import('./connect-zoom-page.tsx'),
      (m) => m.ConnectZoomPage,
    ),
  },
];
