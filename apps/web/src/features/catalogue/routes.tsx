import type { RouteObject } from 'react-router';

/** Routes of the catalogue feature, mounted under /:country/:lang by the app router. */
export const catalogueRoutes: RouteObject[] = [];
