import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const coursePage = lazyPage(
  () => import('./course-page.tsx'),
  (m) => m.CoursePage,
);

/** Routes of the courses feature (spec 000 §2.2), mounted under /:country/:lang. */
export const coursesRoutes: RouteObject[] = [
  { path: 'course/:ref/:title?', lazy: coursePage },
  // Landing pages for ads keep only the logo, like service-landing.
  { path: 'course-landing/:ref/:title?/:gift?', lazy: coursePage, handle: { chrome: 'minimal' } },
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
