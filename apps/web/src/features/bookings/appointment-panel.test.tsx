import type { Booking } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { type ActionAnswers, answerActions } from '../../lib/test-actions.ts';
import { userDataFixture } from '../../lib/user-data-fixture.ts';
import { AppointmentPanel } from './appointment-panel.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

function withBooking(booking: Booking, extra: ActionAnswers = {}) {
  answerActions(callMock, {
    'find-booking': { status: '200', booking, participants: [] },
    'find-user-data': userDataFixture(),
    ...extra,
  });
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function renderPanel(ref = 'bookRef0001') {
  return renderAt(
    '/:country/:lang/bookings/:ref?',
    `/ar/es/bookings/${ref}`,
    <AppointmentPanel bookingRef={ref} onClose={() => {}} onChanged={() => {}} />,
  );
}

describe('appointment options panel (spec 000 §2.5, §4)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it.each([
    [{ pay: 1 as const }, 'ABONADA'],
    [{ pay: 0 as const }, 'IMPAGA'],
    [{ price: 0 }, 'GRATIS'],
    [{ price: 0, noPrice: 1 as const }, 'Precio a definir'],
  ])('shows the payment badge %o → %s', async (over, text) => {
    withBooking(bookingFixture(over));
    renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    expect(await within(panel).findAllByText(text)).not.toHaveLength(0);
  });

  it.each(['client', 'professional'] as const)(
    'shows a dollar price the way the rest of the app does (%s panel)',
    async (viewerRole) => {
      withBooking(bookingFixture({ viewerRole, price: 30, currency: 'USD', pay: 0 }));
      renderPanel();
      const panel = await screen.findByRole('dialog', { name: 'Cita' });
      // spec 002 §9: es-AR for an Argentine viewer, where '$' alone would mean pesos.
      expect(
        await within(panel).findByText((_, node) => plain(node?.textContent) === 'US$ 30,00'),
      ).toBeVisible();
    },
  );

  // Issue 34: a raw appointment id means nothing to a person reading the panel.
  it('shows no raw appointment id', async () => {
    withBooking(bookingFixture({ id: 'bookRef0001', bookId: 'bookRef0001' }));
    renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    await within(panel).findByText('Sesión de psicoterapia');
    expect(panel.textContent).not.toContain('bookRef0001');
  });

  it("says 'No encontramos la cita' for an appointment the server does not show", async () => {
    const { ApiError } = await import('../../lib/api.ts');
    callMock.mockRejectedValue(new ApiError('E14', 'No encontramos la cita', undefined, 400));
    renderPanel();
    expect(await screen.findByText('No encontramos la cita')).toBeInTheDocument();
  });

  it('lets the client confirm a price and goes to confirm-price', async () => {
    const user = userEvent.setup();
    withBooking(
      bookingFixture({
        viewerRole: 'client',
        hidePrice: 1,
        priceProfOk: 1,
        state: 'pending',
        price: 18000,
        priceConfirmDeadline: '2026-11-23T12:00:00.000Z',
      }),
      { 'confirm-price': { status: '200', route: 'confirm-price' } },
    );
    const router = renderPanel();
    expect(await screen.findByText('Confirma el valor de la cita')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/confirm-price'));
    expect(callMock).toHaveBeenCalledWith('confirm-price', { ref: 'bookRef0001', confirmPrice: 1 });
  });

  // Issue 34: the client who comes a few minutes early finds the room open, not a disabled button.
  it('opens the room a few minutes before the start of a confirmed appointment', async () => {
    withBooking(
      bookingFixture({
        viewerRole: 'client',
        state: 'confirmed',
        now: 1,
        canCalificate: false,
        modalityChosen: 1,
      }),
    );
    renderPanel();
    const room = await screen.findByRole('link', { name: 'Ingresar a la sala' });
    expect(room).toHaveAttribute('href', '/ar/es/room/bookRef0001');
  });

  it('keeps the room disabled when the appointment is not now, and explains a cancel that is no longer possible', async () => {
    withBooking(bookingFixture({ viewerRole: 'client', now: 0, canCancel: false, canRemark: false }));
    renderPanel();
    const room = await screen.findByRole('button', { name: 'Ingresar a la sala' });
    expect(room).toBeDisabled();
    const cancel = screen.getByRole('button', { name: 'Cancelar cita' });
    expect(cancel).toBeDisabled();
    const user = userEvent.setup();
    await user.hover(cancel.parentElement as HTMLElement);
    expect(
      await screen.findByText('Solo puedes cancelar una cita antes de la fecha y hora reservada.'),
    ).toBeInTheDocument();
  });

  it('does not offer to mark done an appointment that has not started, and explains why', async () => {
    const user = userEvent.setup();
    withBooking(
      bookingFixture({ dateNoFormat: '2099-01-05T13:00:00.000Z', endsAt: '2099-01-05T13:50:00.000Z' }),
    );
    renderPanel();
    const done = await screen.findByRole('button', { name: 'Marcar como realizada' });
    expect(done).toBeDisabled();
    await user.hover(done.parentElement as HTMLElement);
    expect(
      await screen.findByText(
        'La cita todavía no comenzó: podrás marcarla como realizada desde su horario de inicio.',
      ),
    ).toBeInTheDocument();
  });

  it('marks a started appointment done, and shows the server refusal (E27) when the clocks disagree', async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('../../lib/api.ts');
    const refusal = 'La cita todavía no comenzó: podrás marcarla como realizada desde su horario de inicio.';
    withBooking(
      bookingFixture({ dateNoFormat: '2020-01-05T13:00:00.000Z', endsAt: '2020-01-05T13:50:00.000Z' }),
    );
    const base = callMock.getMockImplementation();
    if (!base) throw new Error('withBooking sets the mock');
    callMock.mockImplementation((action, input) => {
      if (action === 'mark-ready') return Promise.reject(new ApiError('E27', refusal, undefined, 400));
      return base(action, input);
    });
    renderPanel();
    const done = await screen.findByRole('button', { name: 'Marcar como realizada' });
    expect(done).toBeEnabled();
    await user.click(done);
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar esta cita como realizada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como realizada' }));
    expect(callMock).toHaveBeenCalledWith('mark-ready', { ref: 'bookRef0001' });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('asks the professional for the new amount (E20) before calling the server', async () => {
    const user = userEvent.setup();
    withBooking(bookingFixture());
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Editar valor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar valor' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Debes ingresar el nuevo importe.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('update-booking-price', expect.anything());
  });

  it("re-booking asks for a time first ('Debes seleccionar un horario.')", async () => {
    const user = userEvent.setup();
    withBooking(bookingFixture({ viewerRole: 'client' }), {
      'find-turns': {
        status: '200',
        ref: 'pubRef0001',
        typeTurn: 1,
        timezone: 'America/Argentina/Buenos_Aires',
        userTime: 'America/Argentina/Buenos_Aires',
        duration: 50,
        qtySessions: 1,
        onlyFirstSession: false,
        groupCapacity: 1,
        unavailable: null,
        maxDate: '2027-01-21',
        days: [{ date: '2026-11-25', day: 25, month: 'nov', Name: 'mié', turns: [] }],
        turns: [],
        from: '2026-11-25',
        to: '2026-11-29',
        hasPrevious: false,
        hasNext: true,
      },
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Reprogramar' }));
    // Issue 34: rescheduling is confirmed as such, not as a new booking.
    expect(screen.queryByRole('button', { name: 'Reservar cita' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Confirmar nuevo horario' }));
    expect(await screen.findByText('Debes seleccionar un horario.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('reschedule-booking', expect.anything());
  });
  /** A card-paid appointment the client cancelled, with its refund (issue 12; issue 34 for the client). */
  const cancelledCardBooking = (over: Partial<Booking>) =>
    bookingFixture({
      state: 'cancelled',
      pay: 1,
      payMethod: 'card',
      canCancel: false,
      canRemark: false,
      cancelledAt: '2026-11-22T12:00:00.000Z',
      cancelReason: 'client',
      ...over,
    });
  it.each([
    ['pending', 'No pudimos devolver el pago de esta cita; lo seguimos intentando.'],
    ['flagged', 'La devolución falló: revísala con el medio de pago.'],
    ['done', 'Devolvimos el pago de esta cita al consultante.'],
  ] as const)(
    'tells the professional about the card refund of a cancelled paid appointment (%s)',
    async (refundState, text) => {
      withBooking(cancelledCardBooking({ refundState }));
      renderPanel();
      expect(await screen.findByText(text)).toBeVisible();
    },
  );
  // Issue 34: the client who cancelled a card-paid session sees her money coming back, never IMPAGA
  // (a done refund clears pay) nor ABONADA.
  it.each([
    [
      'pending',
      1,
      'DEVOLUCIÓN EN CURSO',
      'Te devolvemos el pago de esta cita a la tarjeta con la que pagaste; puede tardar unos días en verse.',
    ],
    ['done', 0, 'PAGO DEVUELTO', 'Te devolvimos el pago de esta cita a la tarjeta con la que pagaste.'],
    [
      'flagged',
      1,
      'DEVOLUCIÓN CON PROBLEMAS',
      'La devolución de tu pago tuvo un problema; el profesional la está revisando.',
    ],
  ] as const)(
    'tells the client about the refund of her cancelled paid appointment (%s)',
    async (refundState, pay, badge, text) => {
      withBooking(cancelledCardBooking({ viewerRole: 'client', pay, refundState }));
      renderPanel();
      expect(await screen.findByText(badge)).toBeVisible();
      expect(screen.getByText(text)).toBeVisible();
      expect(screen.queryByText('IMPAGA')).toBeNull();
      expect(screen.queryByText('ABONADA')).toBeNull();
    },
  );
});
