import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the sales feature, mounted under /:country/:lang by the app router. */
export const salesRoutes: RouteObject[] = [
  {
    // spec 000 §2.2: billing, the sales and billing records table.
    path: 'billing',
    lazy: lazyPage(
      () => import('./billing-page.tsx'),
      (m) => m.BillingPage,
    ),
  },
];
