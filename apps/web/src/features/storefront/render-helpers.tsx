import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../app/theme.ts';

/** Renders `element` at /ar/es/{path} with the app's providers and a toast area (component tests). */
export function renderAt(element: ReactNode, path = 'service/pubRef0001', pattern = 'service/:ref') {
  const router = createMemoryRouter(
    [
      { path: `/:country/:lang/${pattern}`, element },
      { path: '/:country/:lang/login', element: <p>Ingresar</p> },
      { path: '/:country/:lang/confirmation/:ref', element: <p>Confirmación</p> },
    ],
    { initialEntries: [`/ar/es/${path}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
