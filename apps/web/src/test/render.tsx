import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { pagesRouteId, patchAreaRoutes } from '../app/route-areas.ts';
import { theme } from '../app/theme.ts';

// The one place component tests get the app's providers: a provider the app adds is added here
// once rather than to every test file.

export interface RenderOptions {
  /** A client the test also uses outside the render (a cache shared with a hook, say). */
  queryClient?: QueryClient;
  /** StrictMode runs effects twice: for effects whose work must still happen once. */
  strict?: boolean;
  /**
   * Mantine's 'default' env keeps portals and transitions as in the app, for a test whose label
   * queries count on a field's dropdown being drawn apart from the field.
   */
  env?: 'default' | 'test';
}

/**
 * Mantine with the app's theme and, unless told otherwise, env 'test' (no transitions or portals:
 * a menu, modal or toast is in the page as soon as it opens, as a person sees it), a toast area,
 * and a fresh query client that does not retry, so a failed answer shows its error at once.
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const client = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <MantineProvider theme={theme} env={options.env ?? 'test'}>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>
  );
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/**
 * Pages by path after the app's /:country/:lang/ prefix ('*' for any other page of the app), or
 * route objects as they are (the app's own route table, a path outside the prefix).
 */
export type TestRoutes = Record<string, ReactNode> | RouteObject[];

/**
 * Renders `routes` at `at`, a full path such as '/ar/es/clients', with the providers above.
 * Answers the router, for tests that follow a link or a redirect.
 */
export function renderRoutes(routes: TestRoutes, at: string, options: RenderOptions = {}) {
  const table: RouteObject[] = Array.isArray(routes)
    ? routes
    : Object.entries(routes).map(([path, element]) => ({ path: `/:country/:lang/${path}`, element }));
  // The app's table holds the public pages; the signed-in areas are patched in as in the app. A
  // router with patchRoutesOnNavigation starts asynchronously: other tables go without it.
  const appTable = table.some((route) => route.children?.some((child) => child.id === pagesRouteId));
  const router = createMemoryRouter(table, {
    initialEntries: [at],
    ...(appTable && { patchRoutesOnNavigation: patchAreaRoutes }),
  });
  renderWithProviders(<RouterProvider router={router} />, options);
  return router;
}
