import type { RouteObject } from 'react-router';

/** Routes of the storefront feature, mounted under /:country/:lang by the app router. */
export const storefrontRoutes: RouteObject[] = [];
