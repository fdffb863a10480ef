import type { RouteObject } from 'react-router';

/** Routes of the checkout feature (confirmation, payment results, sandbox checkout, coupons), mounted under /:country/:lang. */
export const checkoutRoutes: RouteObject[] = [];
