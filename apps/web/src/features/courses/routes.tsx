import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const coursePage = lazyPage(
  () => import('./course-page.tsx'),
  (m) => m.CoursePage,
);

/** The public course pages (spec 000 §2.2), mounted under /:country/:lang with the shell. */
export const coursesRoutes: RouteObject[] = [
  { path: 'course/:ref/:title?', lazy: coursePage },
  // Landing pages for ads keep only the logo, like service-landing.
  { path: 'course-landing/:ref/:title?/:gift?', lazy: coursePage, handle: { chrome: 'minimal' } },
];
