import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';
import { type ResultKind, resultKinds } from './result-kinds.ts';

const confirmation = lazyPage(
  () => import('./confirmation-page.tsx'),
  (m) => m.ConfirmationPage,
);

function result(kind: ResultKind): RouteObject {
  return {
    path: kind,
    lazy: async () => {
      const { ResultPage } = await import('./result-page.tsx');
      return { Component: () => <ResultPage kind={kind} /> };
    },
  };
}

/**
 * Routes of the checkout feature (spec 000 §2.2 "Confirmation and payment results"), mounted
 * under /:country/:lang. The landing variants keep only the logo, like service-landing.
 */
export const checkoutRoutes: RouteObject[] = [
  { path: 'confirmation/:ref?/:idPay?/:tempBookId?', lazy: confirmation },
  {
    path: 'confirmation-landing/:ref?/:idPay?/:tempBookId?',
    lazy: confirmation,
    handle: { chrome: 'minimal' },
  },
  {
    path: 'confirmation-landing-card/:ref?/:idPay?/:tempBookId?',
    lazy: confirmation,
    handle: { chrome: 'minimal' },
  },
  { path: 'confirmation-credits/:ref?/:idPay?/:tempBookId?', lazy: confirmation },
  ...resultKinds.map(result),
  {
    path: 'pay-service/:ref/:idPay?/:tempBookId?',
    lazy: lazyPage(
      () => import('./pay-service-page.tsx'),
      (m) => m.PayServicePage,
    ),
  },
  {
    // spec 000 §2.2 pay-workshop/{ref}/{idPay}/{tempBookId}: a module's card payment returns here.
    path: 'pay-workshop/:ref/:idPay/:tempBookId',
    lazy: async () => {
      const { PaymentReturnPage } = await import('./payment-return.tsx');
      return { Component: PaymentReturnPage };
    },
  },
  {
    path: 'my-coupons',
    lazy: lazyPage(
      () => import('./my-coupons-page.tsx'),
      (m) => m.MyCouponsPage,
    ),
  },
  {
    path: 'login-cart',
    lazy: lazyPage(
      () => import('./pay-service-page.tsx'),
      (m) => m.LoginCartPage,
    ),
  },
  {
    path: 'user-cart',
    lazy: async () => {
      const { LoginCartPage } = await import('./pay-service-page.tsx');
      return { Component: () => <LoginCartPage register /> };
    },
  },
];
