import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { availabilityRoutes } from '../features/availability/routes.tsx';
import { balancesRoutes } from '../features/balances/routes.tsx';
import { bookingsRoutes } from '../features/bookings/routes.tsx';
import { catalogueRoutes } from '../features/catalogue/routes.tsx';
import { chatRoutes } from '../features/chat/routes.tsx';
import { checkoutRoutes } from '../features/checkout/routes.tsx';
import { clinicalRoutes } from '../features/clinical/routes.tsx';
import { contactsRoutes } from '../features/contacts/routes.tsx';
import { courseAttendanceRoutes } from '../features/course-attendance/routes.tsx';
import { courseEditorRoutes } from '../features/course-editor/routes.tsx';
import { coursesRoutes } from '../features/courses/routes.tsx';
import { externalCalendarsRoutes } from '../features/external-calendars/routes.tsx';
import { invoicingRoutes } from '../features/invoicing/routes.tsx';
import { legalRoutes } from '../features/legal/routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { paymentSettingsRoutes } from '../features/payment-settings/routes.tsx';
import { plansRoutes } from '../features/plans/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { salesRoutes } from '../features/sales/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { storefrontRoutes } from '../features/storefront/routes.tsx';
import { loadMessages } from '../i18n/use-t.ts';
import { RootRedirectPage } from './root-redirect-page.tsx';
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
          {
            path: 'change-password/:ref?',
            lazy: page(
              () => import('../features/account/change-password-page.tsx'),
              (m) => m.ChangePasswordPage,
            ),
          },
          {
            path: 'change-user-email',
            lazy: page(
              () => import('../features/account/change-user-email-page.tsx'),
              (m) => m.ChangeUserEmailPage,
            ),
          },
          {
            path: 'change-user-phone',
            lazy: page(
              () => import('../features/account/change-user-phone-page.tsx'),
              (m) => m.ChangeUserPhonePage,
            ),
          },
          {
            path: 'change-user-info',
            lazy: page(
              () => import('../features/account/change-user-info-page.tsx'),
              (m) => m.ChangeUserInfoPage,
            ),
          },
          {
            path: 'config',
            lazy: page(
              () => import('../features/account/config-page.tsx'),
              (m) => m.ConfigPage,
            ),
          },
          {
            path: 'version',
            lazy: page(
              () => import('../features/account/version-page.tsx'),
              (m) => m.VersionPage,
            ),
          },
          {
            path: 'my-account/:ref?',
            lazy: page(
              () => import('../features/account/my-account-page.tsx'),
              (m) => m.MyAccountPage,
            ),
          },
          ...catalogueRoutes,
          ...availabilityRoutes,
          ...storefrontRoutes,
          ...searchRoutes,
          ...contactsRoutes,
          ...salesRoutes,
          ...clinicalRoutes,
          ...bookingsRoutes,
          ...coursesRoutes,
          ...courseEditorRoutes,
          ...courseAttendanceRoutes,
          ...checkoutRoutes,
          ...paymentSettingsRoutes,
          ...invoicingRoutes,
          ...plansRoutes,
          ...balancesRoutes,
          ...legalRoutes,
          ...profileRoutes,
          ...externalCalendarsRoutes,
          ...chatRoutes,
          ...notificationsRoutes,
          { path: '*', element: null, loader: notFound },
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
  return createBrowserRouter(routes);
}
