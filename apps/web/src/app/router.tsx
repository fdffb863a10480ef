import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { coursesRoutes } from '../features/courses/routes.tsx';
import { legalRoutes } from '../features/legal/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { storefrontRoutes } from '../features/storefront/routes.tsx';
import { loadMessages } from '../i18n/use-t.ts';
import { RootRedirectPage } from './root-redirect-page.tsx';
import { notFoundRouteId, pagesRouteId, patchAreaRoutes } from './route-areas.ts';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

const home = page(
  () => import('../features/home/home-page.tsx'),
  (m) => m.HomePage,
);

/** spec 000 §2.2: every route lives under /:country/:lang; the shell 404s any other prefix. */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirectPage />, errorElement: <RouteError /> },
  {
    path: '/:country/:lang',
    element: <Shell />,
    errorElement: <RouteError />,
    // The page's dictionary (English is loaded on demand); again only when the language changes.
    loader: async ({ params }) => {
      await loadMessages(params.lang);
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.lang !== nextParams.lang,
    hydrateFallbackElement: (
      <Center h="100dvh">
        <Loader />
      </Center>
    ),
    children: [
      {
        // The signed-in areas' routes are patched in here when first visited (route-areas.ts).
        id: pagesRouteId,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: home },
          { path: 'home', lazy: home },
          {
            path: 'login',
            lazy: page(
              () => import('../features/auth/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'register/:ref?/:ref2?',
            lazy: page(
              () => import('../features/auth/register-page.tsx'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'recovery-account',
            lazy: page(
              () => import('../features/auth/recovery-account-page.tsx'),
              (m) => m.RecoveryAccountPage,
            ),
          },
          {
            path: 'verify-email/:ref',
            lazy: page(
              () => import('../features/auth/verify-email-page.tsx'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: 'autologin/:ref/:go/:id?/:pay?',
            lazy: page(
              () => import('../features/auth/autologin-page.tsx'),
              (m) => m.AutologinPage,
            ),
          },
          {
            path: 'logout',
            lazy: page(
              () => import('../features/auth/logout-page.tsx'),
              (m) => m.LogoutPage,
            ),
          },
          ...storefrontRoutes,
          ...searchRoutes,
          ...coursesRoutes,
          ...legalRoutes,
          { id: notFoundRouteId, path: '*', element: null, loader: notFound },
        ],
      },
    ],
  },
  { path: '*', element: <Shell notFound />, errorElement: <RouteError /> },
];

function notFound(): never {
  throw new Response('Página no encontrada', { status: 404 });
}

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchAreaRoutes });
}
