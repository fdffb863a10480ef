import type { RouteObject } from 'react-router';

/** Routes of the clinical feature, mounted under /:country/:lang by the app router. */
export const clinicalRoutes: RouteObject[] = [];
