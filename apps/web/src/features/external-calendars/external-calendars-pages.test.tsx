import type { InputOf, OutputOf } from '@agendo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { leaveApp } from './leave-app.ts';

vi.mock('../../lib/api.ts');
vi.mock('./leave-app.ts', () => ({ leaveApp: vi.fn() }));
const callMock = vi.mocked(call);
const leaveMock = vi.mocked(leaveApp);

const notLinked: OutputOf<'find-calendar'> = {
  status: '200',
  connected: 0,
  provider: null,
  account: null,
  linkedAt: null,
  imitationPage: null,
  available: ['google', 'outlook', 'caldav'],
  caldavHint: 'http://localhost:3000/imitation/caldav/ABCdef123456/calendar/',
  pendingSync: 0,
};
const zoomOff: OutputOf<'find-zoom-connect'> = {
  status: '200',
  connected: 0,
  provider: null,
  account: null,
  linkedAt: null,
  imitationPage: null,
  available: true,
  meetAvailable: false,
};

describe('change-calendar and connect-zoom (issue 18)', { timeout: 60_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => {
    callMock.mockReset();
    leaveMock.mockReset();
  });

  it('offers Google and Outlook and sends the browser to the consent page the server names', async () => {
    const user = userEvent.setup();
    const started: InputOf<'start-calendar-link'>[] = [];
    answerActions(callMock, {
      'find-calendar': notLinked,
      'start-calendar-link': (input) => {
        started.push(input);
        return { status: '200', url: 'https://accounts.example/consent?state=abc' };
      },
    });
    renderRoutes(routes, '/ar/es/change-calendar');
    expect(
      await screen.findByText('Todavía no vinculaste ningún calendario.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Vincular Microsoft Outlook' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Vincular Google Calendar' }));
    await waitFor(() => expect(leaveMock).toHaveBeenCalledWith('https://accounts.example/consent?state=abc'));
    expect(started).toEqual([{ provider: 'google' }]);
  });

  it('CalDAV: the test server fills the form, and a refusal is shown on the address with the server text', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'save-caldav-calendar'>[] = [];
    answerActions(callMock, {
      'find-calendar': notLinked,
      'save-caldav-calendar': (input) => {
        sent.push(input);
        throw new ApiError(
          'E26',
          'El servidor rechazó el usuario o la contraseña, o la dirección no es un calendario.',
          'url',
          400,
        );
      },
    });
    renderRoutes(routes, '/ar/es/change-calendar');
    await user.click(
      await screen.findByRole('button', { name: 'Usar el servidor CalDAV de prueba' }, { timeout: 10_000 }),
    );
    expect(screen.getByLabelText('Dirección del calendario')).toHaveValue(notLinked.caldavHint);
    expect(screen.getByLabelText('Usuario')).toHaveValue('ABCdef123456');
    await user.type(screen.getByLabelText('Contraseña'), 'clave');
    await user.click(screen.getByRole('button', { name: 'Vincular por CalDAV' }));
    expect(
      await screen.findByText(
        'El servidor rechazó el usuario o la contraseña, o la dirección no es un calendario.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Dirección del calendario')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ url: notLinked.caldavHint, username: 'ABCdef123456', password: 'clave' }]);
  });

  it('a linked calendar shows its account and the outcome of the return, and unlinks', async () => {
    const user = userEvent.setup();
    let linked = true;
    answerActions(callMock, {
      'find-calendar': () =>
        linked
          ? {
              ...notLinked,
              connected: 1,
              provider: 'google',
              account: 'profesional@agendo.test',
              linkedAt: '2026-11-28T03:00:00.000Z',
              imitationPage:
                'http://localhost:3000/imitation/calendar?provider=google&account=profesional%40agendo.test',
              pendingSync: 2,
            }
          : notLinked,
      'unlink-calendar': (input) => {
        expect(input).toEqual({ kind: 'calendar' });
        linked = false;
        return { status: '200', connected: 0 };
      },
    });
    renderRoutes(routes, '/ar/es/change-calendar?vinculado=1');
    expect(
      await screen.findByText('Calendario vinculado: Google Calendar', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('Listo: quedó vinculado.', { selector: '[role=status] *' })).toBeVisible();
    expect(screen.getByText('Cuenta: profesional@agendo.test')).toBeVisible();
    expect(screen.getByText(/2 turno\(s\) todavía no se pudieron escribir/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir el calendario de prueba' })).toHaveAttribute(
      'href',
      expect.stringContaining('/imitation/calendar?provider=google'),
    );
    await user.click(screen.getByRole('button', { name: 'Desvincular calendario' }));
    expect(await screen.findByText('Todavía no vinculaste ningún calendario.')).toBeVisible();
  });

  it('connect-zoom: a cancelled consent says so; connecting goes to Zoom; Meet needs Google Calendar', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-zoom-connect': zoomOff,
      'start-calendar-link': (input) => {
        expect(input).toEqual({ provider: 'zoom' });
        return { status: '200', url: 'https://zoom.example/oauth/authorize?state=x' };
      },
    });
    renderRoutes(routes, '/ar/es/connect-zoom?error=cancelado');
    expect(await screen.findByText('Zoom todavía no está conectado.', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Cancelaste la vinculación; no se vinculó nada.')).toBeVisible();
    expect(
      screen.getByText('Para crear reuniones de Google Meet, vincula tu Google Calendar.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Conectar Zoom' }));
    await waitFor(() =>
      expect(leaveMock).toHaveBeenCalledWith('https://zoom.example/oauth/authorize?state=x'),
    );
  });

  it('a client is told what the server answers (professionals only)', async () => {
    answerActions(callMock, {
      'find-zoom-connect': new ApiError(
        'E403',
        'No tienes permiso para realizar esta acción.',
        undefined,
        403,
      ),
    });
    renderRoutes(routes, '/ar/es/connect-zoom');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'No tienes permiso para realizar esta acción.',
    );
  });
});
