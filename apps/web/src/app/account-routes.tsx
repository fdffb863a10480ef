import type { RouteObject } from 'react-router';
import { balancesRoutes } from '../features/balances/routes.tsx';
import { bookingsRoutes } from '../features/bookings/routes.tsx';
import { chatRoutes } from '../features/chat/routes.tsx';
import { studentCoursesRoutes } from '../features/courses/student-routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { lazyPage } from '../lib/lazy-page.ts';

/**
 * The signed-in person's own pages (account settings, bookings, chats, notifications, balances),
 * loaded with route-areas.ts the first time one is visited: a visitor's first load does not
 * carry their definitions (issue 13).
 */
export const routes: RouteObject[] = [
  {
    path: 'change-password/:ref?',
    lazy: lazyPage(
      () => import('../features/account/change-password-page.tsx'),
      (m) => m.ChangePasswordPage,
    ),
  },
  {
    path: 'change-user-email',
    lazy: lazyPage(
      () => import('../features/account/change-user-email-page.tsx'),
      (m) => m.ChangeUserEmailPage,
    ),
  },
  {
    path: 'change-user-phone',
    lazy: lazyPage(
      () => import('../features/account/change-user-phone-page.tsx'),
      (m) => m.ChangeUserPhonePage,
    ),
  },
  {
    path: 'change-user-info',
    lazy: lazyPage(
      () => import('../features/account/change-user-info-page.tsx'),
      (m) => m.ChangeUserInfoPage,
    ),
  },
  {
    path: 'config',
    lazy: lazyPage(
      () => import('../features/account/config-page.tsx'),
      (m) => m.ConfigPage,
    ),
  },
  {
    path: 'version',
    lazy: lazyPage(
      () => import('../features/account/version-page.tsx'),
      (m) => m.VersionPage,
    ),
  },
  {
    path: 'my-account/:ref?',
    lazy: lazyPage(
      () => import('../features/account/my-account-page.tsx'),
      (m) => m.MyAccountPage,
    ),
  },
  ...bookingsRoutes,
  ...studentCoursesRoutes,
  ...chatRoutes,
  ...notificationsRoutes,
  ...balancesRoutes,
];
