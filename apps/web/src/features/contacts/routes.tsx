import type { RouteObject } from 'react-router';

/** Routes of the contacts feature, mounted under /:country/:lang by the app router. */
export const contactsRoutes: RouteObject[] = [];
