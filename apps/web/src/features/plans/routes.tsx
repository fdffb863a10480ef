import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** my-plan and plans (spec 000 §2.2): the professional's subscription. */
export const plansRoutes: RouteObject[] = ['my-plan/:ref?/:idPay?', 'plans/:ref?/:idPay?'].map((path) => ({
  path,
  lazy: lazyPage(
    () => import('./my-plan-page.tsx'),
    (m) => m.MyPlanPage,
  ),
}));
