import type { AfipLink, InputOf } from '@agendo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const none: AfipLink = {
  state: 'none',
  cuit: '',
  csrPem: '',
  certificateExpiresAt: null,
  connectedOk: false,
  imitation: false,
};
const csrPem = '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----';

describe('link-afip / connect-afip (issue 15)', { timeout: 60_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => callMock.mockReset());

  it('generates the CSR, shows it, refuses a wrong certificate with the server text, then links', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'save-afip-certificate'>[] = [];
    let attempt = 0;
    answerActions(callMock, {
      'find-afip-link': { status: '200', ...none },
      'start-afip-link': { status: '200', ...none, state: 'csr', cuit: '27284561231', csrPem },
      'save-afip-certificate': (input) => {
        sent.push(input);
        attempt += 1;
        if (attempt === 1) throw new ApiError('E7', 'El certificado está vencido.', 'certificate', 400);
        return {
          status: '200',
          ...none,
          state: 'linked',
          cuit: '27284561231',
          certificateExpiresAt: '2028-11-25T00:00:00.000Z',
          connectedOk: true,
        };
      },
    });
    renderRoutes(routes, '/ar/es/link-afip');
    expect(
      await screen.findByText('Tu cuenta de AFIP todavía no está vinculada.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Vincular con AFIP de prueba' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generar pedido de certificado (CSR)' }));
    expect(await screen.findByLabelText('CSR')).toHaveValue(csrPem);
    expect(screen.getByRole('button', { name: 'Descargar CSR' })).toBeVisible();

    await user.click(screen.getByLabelText(/^Certificado de AFIP/, { selector: 'textarea' }));
    await user.paste('-----BEGIN CERTIFICATE-----');
    await user.click(screen.getByRole('button', { name: 'Guardar certificado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El certificado está vencido.');
    await user.click(screen.getByRole('button', { name: 'Guardar certificado' }));
    expect(await screen.findByText('AFIP vinculado para el CUIT 27284561231.')).toBeVisible();
    expect(screen.getByText('La conexión con AFIP funciona.')).toBeVisible();
    expect(sent[0]).toEqual({ certificate: '-----BEGIN CERTIFICATE-----' });
  });

  it('connect-afip shows whether the login works; the demo may link with the imitation', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-afip-link': { status: '200', ...none, state: 'linked', cuit: '27284561231', connectedOk: false },
    });
    renderRoutes(routes, '/ar/es/connect-afip');
    expect(
      await screen.findByText(
        'No pudimos iniciar sesión en AFIP con tu certificado.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    callMock.mockReset();
    answerActions(callMock, {
      'find-afip-link': { status: '200', ...none, imitation: true },
      'link-afip-imitation': {
        status: '200',
        ...none,
        state: 'linked',
        cuit: '27284561231',
        connectedOk: true,
      },
    });
    renderRoutes(routes, '/ar/es/link-afip');
    await user.click(
      await screen.findByRole('button', { name: 'Vincular con AFIP de prueba' }, { timeout: 10_000 }),
    );
    expect(await screen.findByText('La conexión con AFIP funciona.')).toBeVisible();
  });
});
