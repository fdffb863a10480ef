import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { ServiceEditor } from './service-editor-page.tsx';
import type { Publication } from './use-publications.ts';

const publication: Publication = {
  ref: 'pubRef12345678',
  admin: true,
  title: 'Sesión de psicología',
  therapyId: 1,
  therapy: 'Psicología',
  therapyOther: null,
  description: 'Acompañamiento terapéutico para adultos con ansiedad.',
  symptoms: [{ id: 1, name: 'Ansiedad' }],
  modalityId: 1,
  modality: 'Online',
  address: null,
  countryId: 5,
  stateId: null,
  cityId: null,
  duration: 50,
  maxRes: 2,
  days: 60,
  typeTurn: 1,
  qtySessions: 1,
  groupCapacity: 1,
  noticeMin: 60,
  profCurrency: 'ARS',
  realPriceLocal: 20000,
  realPriceInter: 25,
  promo: 0,
  promoPriceLocal: null,
  promoPriceInter: null,
  promoStartDate: null,
  promoFinishDate: null,
  promoActive: false,
  promoEndsAt: null,
  praConsulta: 0,
  firstPriceLocal: null,
  firstPriceInter: null,
  hidePrice: 0,
  noPrice: 0,
  free: 0,
  payCash: 0,
  payCard: 1,
  payCashLimit: 0,
  payAfter: 0,
  langEs: 1,
  langEn: 0,
  langPo: 0,
  langFr: 0,
  langIt: 0,
  langAl: 0,
  imagesBig: [],
  video: null,
  platformVideoCall: 1,
  platformVideoCallName: 'Sala de videollamada de Agendo',
  isAgendo: 1,
  linkVideoCall: null,
  passVideoCall: null,
  roomIdLink: null,
  paused: 0,
  profRef: 'profRef12345678',
  profName: 'Lucía',
  profLastName: 'Fernández',
  profImg: null,
  profCountry: 5,
  profTimeZone: 'America/Argentina/Buenos_Aires',
  userCountry: 5,
  userCurrency: 'ARS',
  userPrice: 20000,
  userOldPrice: null,
  international: false,
  priceState: 'price',
  fistPrice: null,
  promoPrice: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
};

function renderEditor(current?: Publication) {
  const router = createMemoryRouter(
    [
      {
        path: '/:country/:lang/new-service',
        element: <ServiceEditor publication={current} currency="ARS" countryId={5} />,
      },
      {
        path: '/:country/:lang/general-service/:ref/:type?',
        element: <ServiceEditor publication={current} currency="ARS" countryId={5} />,
      },
      { path: '/:country/:lang/my-services', element: <p>Lista de servicios</p> },
    ],
    { initialEntries: [current ? `/ar/es/general-service/${current.ref}` : '/ar/es/new-service'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
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
