import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * The client's balances (spec 000 §2.2 wallet-account; issue 14; pay-balance is checkout's). ref is the
 * professional the balance is with: the server has no list of a client's professionals yet.
 */
export const balancesRoutes: RouteObject[] = ['wallet-account/:ref?'].map((path) => ({
  path,
  lazy: lazyPage(
    () => import('./wallet-account-page.tsx'),
    (m) => m.WalletAccountPage,
  ),
}));
