import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * my-plan and plans (spec 000 §2.2): the professional's subscription; plan-status: the card
 * linking's or the plan payment's outcome; admin/plan-prices: its price table.
 */
export const plansRoutes: RouteObject[] = [
  ...['my-plan/:ref?/:idPay?', 'plans/:ref?/:idPay?'].map((path) => ({
    path,
    lazy: lazyPage(
      () => import('./my-plan-page.tsx'),
      (m) => m.MyPlanPage,
    ),
  })),
  {
    path: 'plan-status/:ref?/:ref2?',
    lazy: lazyPage(
      () => import('./plan-status-page.tsx'),
      (m) => m.PlanStatusPage,
    ),
  },
  {
    path: 'admin/plan-prices',
    lazy: lazyPage(
      () => import('./plan-prices-page.tsx'),
      (m) => m.PlanPricesPage,
    ),
  },
];
