import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * A student's course pages (spec 000 §2.2), apart from routes.tsx's public ones: loaded with the
 * account area the first time one is visited (app/route-areas.ts, issue 13).
 */
export const studentCoursesRoutes: RouteObject[] = [
  {
    path: 'lesson/:ref/:book?/:ref2?/:idPay?/:tempBookId?',
    lazy: lazyPage(
      () => import('./lesson-page.tsx'),
      (m) => m.LessonPage,
    ),
  },
  {
    path: 'my-courses/:ref?/:idPay?/:tempBookId?',
    lazy: lazyPage(
      () => import('./my-courses-page.tsx'),
      (m) => m.MyCoursesPage,
    ),
  },
  {
    path: 'courses/:ref?/:idPay?',
    lazy: lazyPage(
      () => import('./my-courses-page.tsx'),
      (m) => m.CoursesPage,
    ),
  },
  {
    path: 'certificate/:ref',
    lazy: lazyPage(
      () => import('./certificate-page.tsx'),
      (m) => m.CertificatePage,
    ),
  },
];
