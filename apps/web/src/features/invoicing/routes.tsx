import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the professional's invoicing (spec 000 §2.2), under /:country/:lang. */
export const invoicingRoutes: RouteObject[] = [
  // spec 002 §2 names the route editAfipData; spec 000 §2.2 edit-afip-data. Both open the editor.
  ...['edit-afip-data', 'editAfipData'].map((path) => ({
    path,
    lazy: lazyPage(
      () => import('./edit-afip-data-page.tsx'),
      (m) => m.EditAfipDataPage,
    ),
  })),
  // spec 000 §2.2 link-afip / connect-afip: linking the certificate, and whether the login works.
  {
    path: 'link-afip',
    lazy: lazyPage(
      () => import('./link-afip-page.tsx'),
      (m) => m.LinkAfipPage,
    ),
  },
  {
    path: 'connect-afip',
    lazy: lazyPage(
      () => import('./link-afip-page.tsx'),
      (m) => m.ConnectAfipPage,
    ),
  },
];
