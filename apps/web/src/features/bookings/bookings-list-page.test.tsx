import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { ClientBookingsPage, ProfessionalBookingsPage } from './bookings-list-page.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('booking lists (bookings / my-bookings)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it("shows the client's empty state with a link to search professionals", async () => {
    localStorage.setItem('token', 'tok');
    answerActions(callMock, { 'find-bookings': { status: '200', bookings: [], next: null } });
    renderAt('/:country/:lang/my-bookings/:ref?/:idPay?', '/ar/es/my-bookings', <ClientBookingsPage />);
    expect(await screen.findByText('Todavía no tienes citas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buscar profesionales' })).toHaveAttribute(
      'href',
      '/ar/es/search',
    );
    expect(callMock).toHaveBeenCalledWith('find-bookings', { mode: 2, filter: 'upcoming', next: 0 });
  });

  it('shows each row with its counterpart, time in the viewer zone and payment badge; Ver más pages', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok');
    const first = [
      bookingFixture({ id: 'p1', pay: 1 }),
      bookingFixture({ id: 'p2', clientName: 'Joaquín Gómez' }),
      bookingFixture({ id: 'p3', clientName: 'Camila Rojas', price: 0 }),
    ];
    answerActions(callMock, {
      'find-bookings': ({ next }) =>
        next === 0
          ? { status: '200', bookings: first, next: 'WyIyMDI2LTExLTI0Il0' }
          : {
              status: '200',
              bookings: [bookingFixture({ id: 'p4', clientName: 'Ana Paz', price: 0, noPrice: 1 })],
              next: null,
            },
    });
    const router = renderAt(
      '/:country/:lang/bookings/:ref?/:idPay?',
      '/ar/es/bookings',
      <ProfessionalBookingsPage />,
    );
    const paid = await screen.findByRole('button', {
      name: 'Abrir la cita con Valentina Sosa del Martes 24 de noviembre 2026 a las 10:00',
    });
    expect(within(paid).getByText('ABONADA')).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /Joaquín Gómez/ })).getByText('IMPAGA'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /Camila Rojas/ })).getByText('GRATIS'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    const more = await screen.findByRole('button', { name: /Ana Paz/ });
    expect(within(more).getByText('Precio a definir')).toBeInTheDocument();
    expect(callMock).toHaveBeenLastCalledWith('find-bookings', {
      mode: 1,
      filter: 'upcoming',
      next: 'WyIyMDI2LTExLTI0Il0',
    });
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    await user.click(paid);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/bookings/p1'));
  });

  it('shows the client the refund of a cancelled card-paid appointment in her list (issue 34)', async () => {
    localStorage.setItem('token', 'tok');
    const refunded = bookingFixture({
      viewerRole: 'client',
      state: 'cancelled',
      pay: 0,
      payMethod: 'card',
      refundState: 'done',
    });
    answerActions(callMock, { 'find-bookings': { status: '200', bookings: [refunded], next: null } });
    renderAt('/:country/:lang/my-bookings/:ref?/:idPay?', '/ar/es/my-bookings', <ClientBookingsPage />);
    const row = await screen.findByRole('button', { name: /Laura Méndez/ });
    expect(within(row).getByText('PAGO DEVUELTO')).toBeInTheDocument();
    expect(within(row).queryByText('IMPAGA')).toBeNull();
  });

  it("shows the client's hour for the client", async () => {
    localStorage.setItem('token', 'tok');
    answerActions(callMock, {
      'find-bookings': { status: '200', bookings: [bookingFixture({ viewerRole: 'client' })], next: null },
    });
    renderAt('/:country/:lang/my-bookings/:ref?/:idPay?', '/ar/es/my-bookings', <ClientBookingsPage />);
    expect(
      await screen.findByRole('button', {
        name: 'Abrir la cita con Laura Méndez del Martes 24 de noviembre 2026 a las 14:00',
      }),
    ).toBeInTheDocument();
  });
});
