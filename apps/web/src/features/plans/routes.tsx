import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** my-plan and plans (spec 000 §2.2): the professional's subscription; admin/plan-prices: its price table. */
export const plansRoutes: RouteObject[] = [
  ...['my-plan/:ref?/:idPay?', 'plans/:ref?/:idPay?'].map((path) => ({
    path,
    lazy: lazyPage(
      () => import('./my-plan-page.tsx'),
      (m) => m.MyPlanPage,
    ),
  })),
  {
    path: 'admin/plan-prices',
    lazy: lazyPage(
      () => import('./plan-prices-page.tsx'),
      (m) => m.PlanPricesPage,
    ),
  },
];
