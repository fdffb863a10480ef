import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { renderRoutes } from './render.tsx';

/**
 * Waits until the page has sent the visitor to the login page, and checks that login will bring
 * them back to `from` (the full path they asked for).
 */
export async function expectSentToLogin(router: ReturnType<typeof renderRoutes>, from: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/login'));
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent(from)}`);
}
