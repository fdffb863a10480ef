import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { emptyProfile, noLinks, userInfoFixture } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const info = userInfoFixture();

const lazy = { timeout: 10_000 };

describe('profile pages', { timeout: 60_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => callMock.mockReset());

  it('my-profile summarises each section and leads to its editor', async () => {
    answerActions(callMock, {
      'find-user-info': info,
      'find-user-profile': {
        ...emptyProfile,
        businessName: 'Consultorio Fernández',
        userBio: '<p>Soy <strong>psicóloga</strong> clínica.</p>',
        socialNetworks: { ...noLinks, instagram: 'https://www.instagram.com/lucia.psico' },
      },
    });
    renderRoutes(routes, '/ar/es/my-profile');
    expect(await screen.findByRole('heading', { name: 'Mi perfil' }, lazy)).toBeInTheDocument();
    const business = screen.getByRole('region', { name: 'Nombre del negocio' });
    expect(within(business).getByText('Consultorio Fernández')).toBeInTheDocument();
    expect(within(business).getByRole('link', { name: 'Editar: Nombre del negocio' })).toHaveAttribute(
      'href',
      '/ar/es/change-business-name',
    );
    expect(screen.getByText('Soy psicóloga clínica.')).toBeInTheDocument();
    expect(screen.getByText('Instagram: https://www.instagram.com/lucia.psico')).toBeInTheDocument();
    const nickname = screen.getByRole('region', { name: 'Nombre de usuario' });
    expect(within(nickname).getByText('Sin completar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar: Domicilio' })).toHaveAttribute(
      'href',
      '/ar/es/change-user-address',
    );
  });

  it("change-nickname shows the server's message when the name is taken", async () => {
    answerActions(callMock, {
      'find-user-profile': emptyProfile,
      'change-nickname': new ApiError(
        'E87',
        'Ese nombre de usuario ya está en uso. Elige otro.',
        'nickname',
        400,
      ),
    });
    renderRoutes(routes, '/ar/es/change-nickname');
    const input = await screen.findByLabelText('Nombre de usuario', {}, lazy);
    await userEvent.type(input, 'lic.gomez');
    expect(screen.getByText(/\/go\/lic\.gomez/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ese nombre de usuario ya está en uso. Elige otro.')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('change-nickname', { nickname: 'lic.gomez' });
  });

  it('change-nickname refuses spaces before calling the server', async () => {
    answerActions(callMock, { 'find-user-profile': emptyProfile });
    renderRoutes(routes, '/ar/es/change-nickname');
    await userEvent.type(await screen.findByLabelText('Nombre de usuario', {}, lazy), 'lic gomez');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/solo puede contener letras sin acentos/)).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('change-nickname', expect.anything());
  });

  it('change-social-networks checks each network and sends the canonical links', async () => {
    answerActions(callMock, {
      'find-user-profile': emptyProfile,
      'change-social-networks': {
        status: '200',
        socialNetworks: { ...noLinks, instagram: 'https://www.instagram.com/lucia.psico' },
      },
    });
    renderRoutes(routes, '/ar/es/change-social-networks');
    const instagram = await screen.findByLabelText('Instagram', {}, lazy);
    await userEvent.type(instagram, 'https://evil.test/lucia');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El usuario o enlace de Instagram no es válido.')).toBeInTheDocument();
    await userEvent.clear(instagram);
    await userEvent.type(instagram, '@lucia.psico');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('change-social-networks', {
        ...noLinks,
        instagram: 'https://www.instagram.com/lucia.psico',
      }),
    );
    expect(await screen.findByText('Datos Actualizados.')).toBeInTheDocument();
  });

  it('change-business-name requires a name', async () => {
    answerActions(callMock, { 'find-user-profile': emptyProfile });
    renderRoutes(routes, '/ar/es/change-business-name');
    await screen.findByLabelText('Nombre del negocio', {}, lazy);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Debes ingresar el nombre de tu negocio.')).toBeInTheDocument();
  });

  it('change-user-address loads states for the country and cities for the state, then saves the ids', async () => {
    answerActions(callMock, {
      'find-user-profile': emptyProfile,
      'find-countries': {
        status: '200',
        countries: [{ id: 5, iso2: 'AR', name: 'Argentina', phoneCode: '54', currency: 'ARS', emoji: '🇦🇷' }],
      },
      'find-states': { status: '200', states: [{ id: 3656, name: 'Córdoba' }] },
      'find-cities': { status: '200', cities: [{ id: 701, name: 'Villa Carlos Paz' }] },
      'change-user-address': { status: '200' },
    });
    renderRoutes(routes, '/ar/es/change-user-address');
    await userEvent.click(await screen.findByRole('textbox', { name: 'País' }, lazy));
    await userEvent.click(await screen.findByRole('option', { name: /Argentina/ }));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Provincia / Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Córdoba' }));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Ciudad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Villa Carlos Paz' }));
    await userEvent.type(screen.getByLabelText('Dirección (calle y número)'), 'San Martín 123');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        'change-user-address',
        expect.objectContaining({
          userCountry: 5,
          userState: 3656,
          userCity: 701,
          userStreet: 'San Martín 123',
        }),
      ),
    );
    expect(callMock).toHaveBeenCalledWith('find-states', { userCountry: 5 });
    expect(callMock).toHaveBeenCalledWith('find-cities', { userState: 3656 });
  });

  it('change-user-bio opens the saved bio in the editor and saves what the server kept', async () => {
    answerActions(callMock, {
      'find-user-profile': { ...emptyProfile, userBio: '<p>Soy <strong>psicóloga</strong>.</p>' },
      'change-user-bio': (input) => ({ status: '200', userBio: input.userBio }),
    });
    renderRoutes(routes, '/ar/es/change-user-bio');
    expect(await screen.findByRole('heading', { name: 'Biografía' }, lazy)).toBeInTheDocument();
    expect(await screen.findByText('psicóloga')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Negrita' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('change-user-bio', {
        userBio: '<p>Soy <strong>psicóloga</strong>.</p>',
      }),
    );
  });

  it('my-account leads to my-profile and config; config lists the settings; version shows the version', async () => {
    answerActions(callMock, { 'find-user-info': info });
    const router = renderRoutes(routes, '/ar/es/my-account');
    const profileLink = await screen.findByRole('link', { name: 'Ver mi perfil' }, lazy);
    expect(profileLink).toHaveAttribute('href', '/ar/es/my-profile');
    await userEvent.click(screen.getByRole('link', { name: 'Configuración' }));
    expect(await screen.findByRole('heading', { name: 'Configuración' }, lazy)).toBeInTheDocument();
    for (const name of [
      'Datos personales',
      'Domicilio',
      'Biografía',
      'Redes sociales',
      'Versión de la aplicación',
    ]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('link', { name: 'Versión de la aplicación' }));
    expect(await screen.findByText(/^Versión \d+\.\d+\.\d+$/, {}, lazy)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ar/es/version');
  });

  it('change-user-info opens the personal data on its own', async () => {
    answerActions(callMock, {
      'find-user-info': info,
      'find-countries': { status: '200', countries: [] },
    });
    renderRoutes(routes, '/ar/es/change-user-info');
    expect(await screen.findByLabelText('Nombre', {}, lazy)).toHaveValue('Lucía');
    expect(screen.queryByRole('heading', { name: 'Página no encontrada' })).toBeNull();
  });
});
