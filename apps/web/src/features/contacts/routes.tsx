import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** Routes of the contacts feature, mounted under /:country/:lang by the app router. */
export const contactsRoutes: RouteObject[] = [
  {
    // spec 001 §2: clients/{ref?}; the optional ref opens that contact directly.
    path: 'clients/:ref?',
    lazy: lazyPage(
      () => import('./contacts-page.tsx'),
      (m) => m.ContactsPage,
    ),
  },
];
