import type { RouteObject } from 'react-router';

/** Routes of the search feature, mounted under /:country/:lang by the app router. */
export const searchRoutes: RouteObject[] = [];
