import { LEGAL_VERSIONS, type OutputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { getToken, setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const accepted: OutputOf<'find-legal-acceptances'> = {
  status: '200',
  acceptances: [
    { document: 'terms', version: LEGAL_VERSIONS.terms, acceptedAt: '2026-11-28T10:00:00.000Z' },
    { document: 'privacy', version: LEGAL_VERSIONS.privacy, acceptedAt: '2026-11-28T10:00:00.000Z' },
  ],
  current: { ...LEGAL_VERSIONS },
};
const exported: OutputOf<'export-my-data'> = {
  status: '200',
  exportedAt: '2026-11-28T12:00:00.000Z',
  account: {
    ref: 'U1',
    firstName: 'Lucía',
    lastName: 'Fernández',
    email: 'lucia@example.com',
    phone: null,
    userType: 2,
    countryId: 5,
    timeZone: 'America/Argentina/Buenos_Aires',
    lang: 'es',
    createdAt: '2026-11-01T10:00:00.000Z',
    emailVerified: true,
  },
  profile: null,
  acceptances: accepted.acceptances,
  bookings: [],
  contacts: [],
  notifications: [],
  clinicalNote: 'Ningún profesional lleva una historia clínica vinculada a tu cuenta.',
};
const userData: OutputOf<'find-user-data'> = {
  status: '200',
  ref: 'U1',
  userType: 2,
  blockUse: 0,
  card_added: 0,
  userPlan: 4,
};

describe('my-data (issue 18: acceptance, export, deletion)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-lucia'));
  afterEach(() => callMock.mockReset());

  it('shows what was accepted and asks for a version not yet accepted', async () => {
    const user = userEvent.setup();
    const accept = vi.fn((): OutputOf<'accept-legal'> => ({ status: '200' }));
    let list: OutputOf<'find-legal-acceptances'> = { ...accepted, acceptances: [] };
    answerActions(callMock, {
      'find-user-data': userData,
      'find-legal-acceptances': () => list,
      'accept-legal': (input) => {
        expect(input).toEqual(LEGAL_VERSIONS);
        list = accepted;
        return accept();
      },
    });
    renderRoutes(routes, '/ar/es/my-data');
    expect(
      await screen.findByRole('heading', { name: 'Tus datos y tu cuenta', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findAllByText(/todavía no la aceptaste/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Aceptar la versión vigente' }));
    expect(await screen.findAllByText(/aceptada el 28 de noviembre de 2026/)).toHaveLength(2);
    expect(accept).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Aceptar la versión vigente' })).toBeNull();
  });

  it('downloads the export as a JSON file', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    answerActions(callMock, {
      'find-user-data': userData,
      'find-legal-acceptances': accepted,
      'export-my-data': exported,
    });
    renderRoutes(routes, '/ar/es/my-data');
    await user.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const file = JSON.parse(await (created[0] as Blob).text());
    expect(file.account.email).toBe('lucia@example.com');
    expect(file.status).toBeUndefined();
    expect(click.mock.instances[0]).toMatchObject({ download: 'agendo-mis-datos-2026-11-28.json' });
    click.mockRestore();
  });

  it('says clinical records are kept ten years, confirms, shows the server refusal, then closes the account', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    answerActions(callMock, {
      'find-user-data': userData,
      'find-legal-acceptances': accepted,
      'request-account-deletion': (input) => {
        attempt += 1;
        if (attempt === 1) {
          throw new ApiError('E43', 'La contraseña ingresada no es correcta.', 'userPassword', 400);
        }
        expect(input).toEqual({ userPassword: 'la buena', confirmation: 'ELIMINAR' });
        return { status: '200', retainClinicalUntil: '2036-11-28' };
      },
    });
    const router = renderRoutes(routes, '/ar/es/my-data');
    expect(await screen.findByText(/se conservan durante 10 años/)).toHaveTextContent('Ley 26.529');
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    // The typed word is checked before anything is sent.
    await user.type(within(dialog).getByLabelText('Contraseña'), 'la mala');
    await user.type(within(dialog).getByLabelText('Escribe ELIMINAR'), 'borrar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await within(dialog).findByText('Escribe ELIMINAR para confirmar.')).toBeInTheDocument();
    expect(attempt).toBe(0);
    await user.clear(within(dialog).getByLabelText('Escribe ELIMINAR'));
    await user.type(within(dialog).getByLabelText('Escribe ELIMINAR'), 'ELIMINAR');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await within(dialog).findByText('La contraseña ingresada no es correcta.')).toBeInTheDocument();
    expect(getToken()).toBe('token-of-lucia');
    await user.clear(within(dialog).getByLabelText('Contraseña'));
    await user.type(within(dialog).getByLabelText('Contraseña'), 'la buena');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/'));
    expect(getToken()).toBeNull();
    expect(await screen.findByText('Tu cuenta fue eliminada')).toBeVisible();
    const told = screen.getByText(/Borramos tus datos personales/);
    expect(told).toHaveTextContent('28 de noviembre de 2036');
    expect(told).toHaveTextContent('Ley 26.529');
    expect(told).toHaveTextContent('Te enviamos esta confirmación por email.');
  });
});
