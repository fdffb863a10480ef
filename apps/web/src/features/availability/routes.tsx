import type { RouteObject } from 'react-router';

/** Routes of the availability feature, mounted under /:country/:lang by the app router. */
export const availabilityRoutes: RouteObject[] = [];
