import type { RouteObject } from 'react-router';
import { startEarly } from '../../lib/early-data.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { publicationQuery } from '../../lib/publication-query.ts';

const service = lazyPage(
  () => import('./service-page.tsx'),
  (m) => m.ServicePage,
);
const landing = lazyPage(
  () => import('./service-page.tsx'),
  (m) => m.ServiceLandingPage,
);

/**
 * Routes of the storefront feature, mounted under /:country/:lang by the app router.
 * `handle.chrome` tells the shell how much of its frame a page wants: the landing is for ads
 * and embeds (minimal), and with its expo segment the header is hidden too (none).
 */
// The publication is asked for while the page's module loads (lib/early-data.ts), as fresh as the
// page wants it (service-page.tsx), and its first picture, the page's largest paint on a phone, as
// soon as the answer names it.
const loader: NonNullable<RouteObject['loader']> = ({ params }) =>
  startEarly({ ...publicationQuery(params.ref ?? ''), staleTime: 60_000 });

export const storefrontRoutes: RouteObject[] = [
  { path: 'service/:ref/:title?', lazy: service, loader },
  { path: 'service-landing/:ref/:title?', lazy: landing, loader, handle: { chrome: 'minimal' } },
  { path: 'service-landing/:ref/:title/:expo', lazy: landing, loader, handle: { chrome: 'none' } },
  {
    path: 'professional/:ref',
    lazy: lazyPage(
      () => import('./professional-page.tsx'),
      (m) => m.ProfessionalPage,
    ),
  },
  // spec 000 §2.2: the same public page with a featured service (ref2, '0' for none) and a colour.
  {
    path: 'getSellerPublish/:ref/:ref2/:colorActive?',
    lazy: lazyPage(
      () => import('./professional-page.tsx'),
      (m) => m.ProfessionalPage,
    ),
  },
  {
    path: 'professionals-list/:ref/:listType',
    lazy: lazyPage(
      () => import('./professionals-list-page.tsx'),
      (m) => m.ProfessionalsListPage,
    ),
  },
];
