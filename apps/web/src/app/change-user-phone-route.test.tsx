import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api.ts';
import { setToken } from '../lib/session.ts';
import { answerActions } from '../lib/test-actions.ts';
import { userInfoFixture } from '../test/account-fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

// issue 12: the appointment panel links a client without a phone to change-user-phone
// (spec 000 §2.2, §7), which answered the 404 page.
describe('change-user-phone', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('opens the phone editing of the account, not the 404 page', async () => {
    setToken('token-of-the-demo-client');
    answerActions(callMock, {
      'find-user-info': userInfoFixture({
        userType: 2,
        userFirstName: 'Martín',
        userLastName: 'Gómez',
        userMail: 'consultante@agendo.test',
        userPhone: null,
      }),
    });
    renderRoutes(routes, '/ar/es/change-user-phone');
    // The route's page is loaded lazily, as in the app.
    expect(
      await screen.findByText('Aún no agregaste tu teléfono.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar teléfono' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página no encontrada' })).toBeNull();
  });
});
