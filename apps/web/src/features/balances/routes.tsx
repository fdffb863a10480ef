import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * The client's balances (spec 000 §2.2 wallet-account, pay-balance; issue 14). wallet-account's
 * ref is the professional the balance is with (without it, every professional the client owes);
 * pay-balance/{ref}/{idPay}/{tempBookId} is where the provider returns a card payment of it.
 */
export const balancesRoutes: RouteObject[] = [
  {
    path: 'wallet-account/:ref?',
    lazy: lazyPage(
      () => import('./wallet-account-page.tsx'),
      (m) => m.WalletAccountPage,
    ),
  },
  {
    path: 'pay-balance/:ref/:idPay?/:tempBookId?',
    lazy: lazyPage(
      () => import('./pay-balance-page.tsx'),
      (m) => m.PayBalancePage,
    ),
  },
];
