import type { ReactNode } from 'react';
import { renderRoutes } from '../../test/render.tsx';

/** Renders `element` at `path` (matched by the full `pattern`); any other page of the app is a stand-in. */
export function renderAt(pattern: string, path: string, element: ReactNode) {
  return renderRoutes(
    [
      { path: pattern, element },
      { path: '/:country/:lang/*', element: <p>Otra página</p> },
    ],
    path,
  );
}
