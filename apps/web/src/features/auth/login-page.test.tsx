import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin() {
  return renderRoutes({ login: <LoginPage />, 'my-account': <p>Mi cuenta</p> }, '/ar/es/login');
}

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract text for invalid input without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Debes ingresar tu email.')).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar tu contraseña.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('focuses the first wrong field and checks again as the person corrects it', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('El email ingresado no es válido.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'example.com');
    expect(screen.queryByText('El email ingresado no es válido.')).not.toBeInTheDocument();
    expect(screen.getByText('Debes ingresar tu contraseña.')).toBeInTheDocument();
  });

  it('puts a server error under the field it names and focuses that field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        json(400, {
          status: '400',
          code: 'E6',
          message: 'El email o la contraseña no son correctos.',
          field: 'userPassword',
        }),
      ),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    const password = screen.getByLabelText('Contraseña', { selector: 'input' });
    await userEvent.type(password, 'equivocada');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('El email o la contraseña no son correctos.'),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('stores the token and opens my-account on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, { status: '200', token: 'tok-9', userType: 1 })),
    );
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'correcta123');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Mi cuenta')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(router.state.location.pathname).toBe('/ar/es/my-account');
  });
});
