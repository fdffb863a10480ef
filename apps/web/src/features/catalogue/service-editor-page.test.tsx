import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicationFixture } from '../../lib/publication-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ServiceEditor } from './service-editor-page.tsx';
import type { Publication } from './use-publications.ts';

// The owner's view (admin) of a 50-minute session of their own.
const publication = publicationFixture({
  ref: 'pubRef12345678',
  admin: true,
  title: 'Sesión de psicología',
  description: 'Acompañamiento terapéutico para adultos con ansiedad.',
  duration: 50,
  profRef: 'profRef12345678',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
});

function renderEditor(current?: Publication) {
  return renderRoutes(
    {
      'new-service': <ServiceEditor publication={current} currency="ARS" countryId={5} />,
      'general-service/:ref/:type?': <ServiceEditor publication={current} currency="ARS" countryId={5} />,
      'my-services': <p>Lista de servicios</p>,
    },
    current ? `/ar/es/general-service/${current.ref}` : '/ar/es/new-service',
  );
}

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function sentBodies(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)));
}

// The editor is a large form; on a busy machine jsdom needs several seconds to render it.
describe('ServiceEditor', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract messages under the fields and sends nothing while the form is invalid', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Crear servicio' }));
    expect(
      await screen.findByText('Debes ingresar el título del servicio.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar la descripción del servicio.')).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar el precio.')).toBeInTheDocument();
    expect(screen.getByText('Revisa los campos marcados en rojo.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Título/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides prices when the service is free and asks for the address of an in-person service', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, { status: '200', states: [] })),
    );
    renderEditor(publication);
    expect(screen.getByLabelText(/^Precio \(ARS\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Gratis' }));
    expect(screen.queryByLabelText(/^Precio \(ARS\)/)).not.toBeInTheDocument();
    expect(screen.queryByText('Formas de cobro')).not.toBeInTheDocument();

    expect(screen.queryByLabelText(/^Dirección/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Presencial' }));
    expect(screen.getByLabelText(/^Dirección/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar servicio' }));
    expect(
      await screen.findByText('Debes ingresar la dirección donde atiendes.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('submits save-publish with the ref and shows a server error under its field', async () => {
    const fetchMock = vi.fn(() =>
      json(400, {
        status: '400',
        code: 'E41',
        message: 'La fecha de finalización de la promoción ya pasó.',
        field: 'title',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderEditor(publication);
    const title = screen.getByLabelText(/^Título/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Yoga suave');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar servicio' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 10_000 });
    const [body] = sentBodies(fetchMock);
    expect(body).toMatchObject({
      action: 'save-publish',
      ref: 'pubRef12345678',
      title: 'Yoga suave',
      therapyId: 1,
      modalityId: 1,
      realPriceLocal: 20000,
      realPriceInter: 25,
      payCard: true,
      langEs: true,
      symptoms: [1],
    });
    await waitFor(
      () => expect(title).toHaveAccessibleDescription('La fecha de finalización de la promoción ya pasó.'),
      { timeout: 10_000 },
    );
    expect(title).toHaveFocus();
  });

  it('links the schedule to the availability editor of its kind', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderEditor(publication);
    expect(screen.getByRole('link', { name: 'Editar disponibilidad' })).toHaveAttribute(
      'href',
      '/ar/es/edit-turns-recurrents/pubRef12345678',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Fechas específicas/ }));
    expect(screen.getByRole('link', { name: 'Editar disponibilidad' })).toHaveAttribute(
      'href',
      '/ar/es/edit-turns/pubRef12345678',
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const router = renderEditor(publication);
    await userEvent.type(screen.getByLabelText(/^Título/), ' x');
    await userEvent.click(screen.getByRole('link', { name: 'Mis servicios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' }, { timeout: 10_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/ar/es/general-service/pubRef12345678');
    await userEvent.click(screen.getByRole('link', { name: 'Mis servicios' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Cambios sin guardar' }, { timeout: 10_000 }),
      ).getByRole('button', { name: 'Salir sin guardar' }),
    );
    expect(await screen.findByText('Lista de servicios', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
