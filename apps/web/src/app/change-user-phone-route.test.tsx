import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api.ts';
import { setToken } from '../lib/session.ts';
import { answerActions } from '../lib/test-actions.ts';
import { routes } from './router.tsx';
import { theme } from './theme.ts';

vi.mock('../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

// issue 12: the appointment panel links a client without a phone to change-user-phone
// (spec 000 §2.2, §7), which answered the 404 page.
describe('change-user-phone', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('opens the phone editing of the account, not the 404 page', async () => {
    setToken('token-of-the-demo-client');
    answerActions(callMock, {
      'find-user-info': {
        status: '200',
        ref: 'userRef00000001',
        userType: 2,
        userFirstName: 'Martín',
        userLastName: 'Gómez',
        userMail: 'consultante@agendo.test',
        userImg: null,
        userPhone: null,
        userCountry: 5,
        userTimeZone: 'America/Argentina/Buenos_Aires',
        userLang: 'es',
        emailVerified: true,
        pendingMail: null,
      },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/ar/es/change-user-phone'] });
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    // The route's page is loaded lazily, as in the app.
    expect(
      await screen.findByText('Aún no agregaste tu teléfono.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar teléfono' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página no encontrada' })).toBeNull();
  });
});
