import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/** The server as the form sees it: the professional, the place lists and add-contact's answer. */
function server(ownCountry: number, addAnswer: () => Promise<Response>) {
  const calls: Record<string, unknown>[] = [];
  const fetchMock = vi.fn<typeof fetch>((_url, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push(body);
    switch (body.action) {
      case 'find-user-info':
        return json(200, {
          status: '200',
          ref: 'profesional-0001',
          userType: 1,
          userFirstName: 'Lucía',
          userLastName: 'Fernández',
          userMail: 'lucia@example.com',
          userImg: null,
          userPhone: null,
          userCountry: ownCountry,
          userTimeZone: 'America/Argentina/Buenos_Aires',
          userLang: 'es',
          emailVerified: true,
          pendingMail: null,
        });
      case 'find-countries':
        return json(200, {
          status: '200',
          countries: [
            { id: 5, iso2: 'AR', name: 'Argentina', phoneCode: '54', currency: 'ARS', emoji: '' },
            { id: 55, iso2: 'US', name: 'Estados Unidos', phoneCode: '1', currency: 'USD', emoji: '' },
          ],
        });
      case 'find-states':
        return json(200, { status: '200', states: [{ id: 3656, name: 'Buenos Aires' }] });
      case 'find-cities':
        return json(200, { status: '200', cities: [{ id: 1, name: 'La Plata' }] });
      case 'add-contact':
        return addAnswer();
      default:
        return json(404, { status: '404', code: 'E404', message: 'no' });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderForm(path = '/ar/es/clients') {
  const onSaved = vi.fn();
  // Mantine's default env: drawn in place, the phone field's country search (which shares the
  // field's id) would come first in the page and take the 'Teléfono:' label.
  renderRoutes({ clients: <ContactForm mode="new" onSaved={onSaved} onCancel={() => {}} /> }, path, {
    env: 'default',
  });
  return { onSaved };
}

// A form this size renders slowly in jsdom.
const slow = { timeout: 15_000 };

const before = (a: HTMLElement, b: HTMLElement) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('ContactForm (spec 001 §2.2)', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the phone on the page and sends nothing', async () => {
    const calls = server(5, () => json(200, { status: '200', ref: 'nuevo-contacto-01' }));
    renderForm();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nombre' }, slow), {
      target: { value: 'Inés' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Apellido' }), { target: { value: 'Quiroga' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ines@example.com' },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Debes ingresar el teléfono del consultante.', {}, slow),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Teléfono:'), { target: { value: '12' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El teléfono ingresado no es valido.', {}, slow)).toBeInTheDocument();
    expect(calls.some((c) => c.action === 'add-contact')).toBe(false);
  });

  it('shows the insurance fields when both countries are 5, and the day before the month', async () => {
    server(5, () => json(200, { status: '200', ref: 'nuevo-contacto-01' }));
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Obra social' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Número de afiliado' })).toBeInTheDocument();
    expect(
      before(screen.getByRole('textbox', { name: 'Día' }), screen.getByRole('textbox', { name: 'Mes' })),
    ).toBe(true);
  });

  it('hides the insurance fields for a professional of another country; month first on the US route', async () => {
    const calls = server(55, () => json(200, { status: '200', ref: 'nuevo-contacto-01' }));
    renderForm('/us/es/clients');
    await waitFor(() => expect(calls.some((c) => c.action === 'find-user-info')).toBe(true));
    expect(screen.queryByRole('textbox', { name: 'Obra social' })).not.toBeInTheDocument();
    expect(
      before(screen.getByRole('textbox', { name: 'Mes' }), screen.getByRole('textbox', { name: 'Día' })),
    ).toBe(true);
  });
});
