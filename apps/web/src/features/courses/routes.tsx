import type { RouteObject } from 'react-router';
import { startEarly } from '../../lib/early-data.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { courseQuery } from './course-query.ts';

const coursePage = lazyPage(
  () => import('./course-page.tsx'),
  (m) => m.CoursePage,
);

/** The public course pages (spec 000 §2.2), mounted under /:country/:lang with the shell. */
// The course is asked for while the page's module loads (lib/early-data.ts).
const loader: NonNullable<RouteObject['loader']> = ({ params }) => startEarly(courseQuery(params.ref));

export const coursesRoutes: RouteObject[] = [
  { path: 'course/:ref/:title?', lazy: coursePage, loader },
  // Landing pages for ads keep only the logo, like service-landing.
  { path: 'course-landing/:ref/:title?/:gift?', lazy: coursePage, loader, handle: { chrome: 'minimal' } },
];
