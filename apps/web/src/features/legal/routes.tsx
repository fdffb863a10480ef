import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** The public legal pages of spec 000 §2.2 (terms, privacy, comunity) and my-data, one chunk each. */
export const legalRoutes: RouteObject[] = [
  {
    path: 'terms',
    lazy: lazyPage(
      () => import('./terms-page.tsx'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'privacy',
    lazy: lazyPage(
      () => import('./privacy-page.tsx'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    // The account holder's data rights: acceptances, export, account deletion (issue 18).
    path: 'my-data',
    lazy: lazyPage(
      () => import('./my-data-page.tsx'),
      (m) => m.MyDataPage,
    ),
  },
  {
    path: 'comunity',
    lazy: lazyPage(
      () => import('./comunity-page.tsx'),
      (m) => m.ComunityPage,
    ),
  },
];
