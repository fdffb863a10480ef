import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { expectLinks } from '../../test/links.ts';
import { renderRoutes } from '../../test/render.tsx';
import { MyServicesPage } from './my-services-page.tsx';
import type { PublicationSummary } from './use-publications.ts';

const service: PublicationSummary = {
  ref: 'pubRef12345678',
  title: 'Sesión de Yoga',
  therapy: 'Yoga',
  modalityId: 1,
  modality: 'Online',
  duration: 60,
  typeTurn: 2,
  qtySessions: 1,
  groupCapacity: 8,
  profCurrency: 'ARS',
  realPriceLocal: 20000,
  realPriceInter: 25,
  promoActive: false,
  promoPriceLocal: null,
  free: 0,
  noPrice: 0,
  hidePrice: 0,
  paused: 1,
  image: null,
  updatedAt: '2026-11-22T12:00:00.000Z',
};

function renderPage() {
  return renderRoutes(
    { 'my-services': <MyServicesPage />, 'new-service': <p>Editor nuevo</p> },
    '/ar/es/my-services',
  );
}

describe('MyServicesPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers to create the first service when there is none', async () => {
    vi.stubGlobal('fetch', answer({ 'find-my-publications': [200, { status: '200', publications: [] }] }));
    const router = renderPage();
    expect(await screen.findByText('Todavía no tienes servicios')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Crear servicio' }));
    expect(router.state.location.pathname).toBe('/ar/es/new-service');
  });

  it('shows each service with its state, price and links', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ 'find-my-publications': [200, { status: '200', publications: [service] }] }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sesión de Yoga' })).toBeInTheDocument();
    expect(screen.getByText('Pausado')).toBeInTheDocument();
    expect(screen.getByText(/Grupal · 8 lugares/)).toBeInTheDocument();
    expectLinks([
      ['Editar', '/ar/es/general-service/pubRef12345678'],
      ['Disponibilidad', '/ar/es/edit-turns/pubRef12345678'],
    ]);
  });

  it('asks before deleting and shows why the server refused', async () => {
    const fetchMock = answer({
      'find-my-publications': [200, { status: '200', publications: [service] }],
      'delete-publish': [
        400,
        {
          status: '400',
          code: 'E8',
          message:
            'No es posible eliminar el servicio mientras tenga citas reservadas. Puedes pausarlo para que no reciba nuevas reservas.',
        },
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Más acciones de Sesión de Yoga' }, { timeout: 10_000 }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servicio' }, { timeout: 10_000 });
    expect(sent(fetchMock, 'delete-publish')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect(
      await within(dialog).findByText(/mientras tenga citas reservadas/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent(fetchMock, 'delete-publish')).toHaveLength(1));
  });
});
