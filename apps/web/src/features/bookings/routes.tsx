import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the bookings feature (agenda, booking lists, options panel pages), mounted under /:country/:lang. */
export const bookingsRoutes: RouteObject[] = [
  {
    // spec 000 §2.2 my-tools/{ref?}: the agenda; the ref opens that appointment's options panel.
    path: 'my-tools/:ref?',
    lazy: lazyPage(
      () => import('./agenda-page.tsx'),
      (m) => m.AgendaPage,
    ),
  },
  {
    path: 'bookings/:ref?/:idPay?',
    lazy: lazyPage(
      () => import('./bookings-list-page.tsx'),
      (m) => m.ProfessionalBookingsPage,
    ),
  },
  {
    path: 'my-bookings/:ref?/:idPay?',
    lazy: lazyPage(
      () => import('./bookings-list-page.tsx'),
      (m) => m.ClientBookingsPage,
    ),
  },
  {
    path: 'next-session/:ref',
    lazy: lazyPage(
      () => import('./next-session-page.tsx'),
      (m) => m.NextSessionPage,
    ),
  },
  {
    path: 'calificate/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.CalificatePage,
    ),
  },
  {
    path: 'califications/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.CalificationsPage,
    ),
  },
  {
    path: 'remark/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.RemarkPage,
    ),
  },
  {
    path: 'remarks/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.RemarksPage,
    ),
  },
  {
    path: 'cancelation/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.CancelationPage,
    ),
  },
  {
    path: 'cancelations/:ref',
    lazy: lazyPage(
      () => import('./feedback-pages.tsx'),
      (m) => m.CancelationsPage,
    ),
  },
];
