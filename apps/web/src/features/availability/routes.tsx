import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the availability feature, mounted under /:country/:lang by the app router. */
export const availabilityRoutes: RouteObject[] = [
  {
    path: 'edit-turns-recurrents/:ref',
    lazy: lazyPage(
      () => import('./edit-turns-recurrents-page.tsx'),
      (m) => m.EditTurnsRecurrentsPage,
    ),
  },
  {
    path: 'edit-turns/:ref',
    lazy: lazyPage(
      () => import('./edit-turns-page.tsx'),
      (m) => m.EditTurnsPage,
    ),
  },
  {
    path: 'blocked-days',
    lazy: lazyPage(
      () => import('./blocked-days-page.tsx'),
      (m) => m.BlockedDaysPage,
    ),
  },
];
