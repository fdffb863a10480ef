import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Attendance at in-person live lessons (spec 000 §2.2 Tools), mounted under /:country/:lang. */
export const courseAttendanceRoutes: RouteObject[] = [
  {
    path: 'qr-reader',
    lazy: lazyPage(
      () => import('./qr-reader-page.tsx'),
      (m) => m.QrReaderPage,
    ),
  },
  {
    path: 'qr-reader-live-date/:lessonId/:userId',
    lazy: lazyPage(
      () => import('./live-attendance-page.tsx'),
      (m) => m.LiveAttendancePage,
    ),
  },
];
