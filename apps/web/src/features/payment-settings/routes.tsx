import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the professional's payment settings (spec 000 §2.2), under /:country/:lang. */
export const paymentSettingsRoutes: RouteObject[] = [
  {
    path: 'change-user-bank',
    lazy: lazyPage(
      () => import('./change-user-bank-page.tsx'),
      (m) => m.ChangeUserBankPage,
    ),
  },
  ...['change-local-payments/:ref?', 'change-global-payments/:ref?'].map((path) => ({
    path,
    lazy: lazyPage(
      () => import('./payment-methods-page.tsx'),
      (m) => m.PaymentMethodsPage,
    ),
  })),
  {
    path: 'my-charges',
    lazy: lazyPage(
      () => import('./payment-methods-page.tsx'),
      (m) => m.MyChargesPage,
    ),
  },
];
