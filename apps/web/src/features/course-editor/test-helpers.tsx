import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../app/theme.ts';

/** Renders routes (paths under /:country/:lang/) at `at`, with Mantine and a fresh query client. */
export function renderRoutes(routes: Record<string, ReactNode>, at: string) {
  const router = createMemoryRouter(
    Object.entries(routes).map(([path, element]) => ({ path: `/:country/:lang/${path}`, element })),
    { initialEntries: [at] },
  );
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** A fetch stub answering each action with [status, body]; unknown actions answer 500. */
export function answer(byAction: Record<string, [number, unknown]>) {
  return vi.fn((_url: unknown, init?: RequestInit) => {
    const { action } = JSON.parse(String(init?.body));
    const [status, body] = byAction[action] ?? [500, {}];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
}

/** The JSON bodies sent for one action. */
export function sent(fetchMock: ReturnType<typeof vi.fn>, action: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .map((call) => JSON.parse(String((call[1] as RequestInit).body)))
    .filter((body) => body.action === action);
}
