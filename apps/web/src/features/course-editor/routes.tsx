import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const workshopEditor = lazyPage(
  () => import('./workshop-editor-page.tsx'),
  (m) => m.WorkshopEditorPage,
);

/** The professional's course editors, mounted under /:country/:lang by the app router (spec 002). */
export const courseEditorRoutes: RouteObject[] = [
  {
    path: 'my-workshops',
    lazy: lazyPage(
      () => import('./my-workshops-page.tsx'),
      (m) => m.MyWorkshopsPage,
    ),
  },
  { path: 'general-workshop/:ref/:type?', lazy: workshopEditor },
  {
    path: 'edit-workshop/:ref',
    lazy: lazyPage(
      () => import('./workshop-editor-page.tsx'),
      (m) => m.EditWorkshopRedirect,
    ),
  },
  {
    path: 'manage-modules/:ref',
    lazy: lazyPage(
      () => import('./manage-modules-page.tsx'),
      (m) => m.ManageModulesPage,
    ),
  },
  {
    path: 'manage-quiz',
    lazy: lazyPage(
      () => import('./manage-quiz-page.tsx'),
      (m) => m.ManageQuizPage,
    ),
  },
  {
    path: 'manage-questions/:ref',
    lazy: lazyPage(
      () => import('./manage-questions-page.tsx'),
      (m) => m.ManageQuestionsPage,
    ),
  },
];
