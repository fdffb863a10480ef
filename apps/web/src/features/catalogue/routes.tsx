import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const editor = lazyPage(
  () => import('./service-editor-page.tsx'),
  (m) => m.ServiceEditorPage,
);

/** Routes of the catalogue feature, mounted under /:country/:lang by the app router (spec 000 §2.2). */
export const catalogueRoutes: RouteObject[] = [
  { path: 'new-service', lazy: editor },
  { path: 'general-service/:ref/:type?', lazy: editor },
  { path: 'edit-service/:ref', lazy: editor },
  {
    path: 'my-services',
    lazy: lazyPage(
      () => import('./my-services-page.tsx'),
      (m) => m.MyServicesPage,
    ),
  },
];
