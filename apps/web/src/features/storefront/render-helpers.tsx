import type { ReactNode } from 'react';
import { renderRoutes } from '../../test/render.tsx';

/** Renders `element` at /ar/es/{path}, beside the pages a storefront sends a visitor on to. */
export function renderAt(element: ReactNode, path = 'service/pubRef0001', pattern = 'service/:ref') {
  return renderRoutes(
    { [pattern]: element, login: <p>Ingresar</p>, 'confirmation/:ref': <p>Confirmación</p> },
    `/ar/es/${path}`,
  );
}
