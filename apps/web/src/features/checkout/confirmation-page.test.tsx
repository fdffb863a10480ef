import { type CartRecord, cartStorageKey, type OutputOf, type TempBooking } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { type ActionAnswers, answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ConfirmationPage } from './confirmation-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

/** The session the cart holds and the server then holds for the client, as both describe it. */
const session = {
  title: 'Sesión de psicología online',
  profRef: 'profRef001',
  img: null,
  duration: 50,
  endsAt: '2026-12-01T12:50:00.000Z',
  dateSelected: '2026-12-01',
  hourStart: '09:00',
  timezone: 'America/Argentina/Buenos_Aires',
  dateSelectedClient: '2026-12-01',
  hourStartClient: '09:00',
  timezoneClient: 'America/Argentina/Buenos_Aires',
} satisfies Partial<CartRecord> & Partial<TempBooking>;

function cart(over: Partial<CartRecord> = {}): CartRecord {
  return {
    ...session,
    ref: 'pubRef0001',
    profName: 'Lucía',
    profLastName: 'Fernández',
    therapyId: 1,
    date: '2026-12-01T12:00:00.000Z',
    payRealPrice: 25000,
    realPrice: 25000,
    oldPrice: null,
    currency: 'ARS',
    priceApplied: 'normal',
    userCountry: 5,
    profCountry: 5,
    international: false,
    payCash: 0,
    payCard: 1,
    payCashLimit: 0,
    payAfter: 0,
    modeId: 1,
    coupon: null,
    firstBuyBook: false,
    qtySessions: 1,
    groupCapacity: 1,
    hidePrice: 0,
    noPrice: 0,
    free: 0,
    giftId: null,
    platformVideoCall: 1,
    isAgendo: 1,
    bookId: null,
    productType: 1,
    products: [],
    shipmentMode: null,
    shipmentAddressId: null,
    admin: false,
    createdAt: '2026-11-22T12:00:00.000Z',
    ...over,
  };
}

function held(over: Partial<TempBooking> = {}): TempBooking {
  return {
    tempBookId: 'tempRef0001',
    state: 'held',
    ...session,
    publicationRef: 'pubRef0001',
    profName: 'Lucía Fernández',
    profImg: null,
    startsAt: '2026-12-01T12:00:00.000Z',
    modalityId: 1,
    modalityChoice: false,
    address: null,
    price: 25000,
    originalPrice: 25000,
    discount: 0,
    currency: 'ARS',
    coupon: null,
    international: false,
    hidePrice: 0,
    noPrice: 0,
    pay: 0,
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    finalMode: 'pay',
    options: { cash: false, card: true, transfer: true },
    provider: 'dlocal',
    bank: null,
    ...over,
  };
}

function userInfo(userCountry: number): OutputOf<'find-user-info'> {
  return {
    status: '200',
    ref: 'userRef001',
    userType: 2,
    userFirstName: 'Martina',
    userLastName: 'Gómez',
    userMail: 'consultante@agendo.test',
    userImg: null,
    userPhone: null,
    userCountry,
    userTimeZone: 'America/Argentina/Buenos_Aires',
    userLang: 'es',
    emailVerified: true,
    pendingMail: null,
  };
}

function renderPage(path: string) {
  return renderRoutes(
    { 'confirmation/:ref?/:idPay?/:tempBookId?': <ConfirmationPage />, '*': <p>Otra página</p> },
    path,
  );
}

const answer = (answers: ActionAnswers) => answerActions(callMock, answers);

const startedPayment = {
  status: '200',
  paymentRef: 'payRef0001',
  provider: 'dlocal',
  checkoutUrl: '/sandbox-checkout/dlocal/payRef0001',
  sandbox: true,
} as const;

describe('confirmation page (spec 002 §4–§5)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('shows a signed-out visitor the chosen time as a date people read (issue 34)', async () => {
    localStorage.setItem(cartStorageKey, JSON.stringify(cart()));
    renderPage('/ar/es/confirmation/pubRef0001');
    expect(await screen.findByText('martes 1 de diciembre de 2026, 09:00')).toBeInTheDocument();
    expect(screen.queryByText(/2026-12-01/)).toBeNull();
    localStorage.clear();
  });

  it('without a cart says the time to book expired', async () => {
    renderPage('/ar/es/confirmation/pubRef0001');
    expect(await screen.findByText('El tiempo para realizar la reserva expiro.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('drops a cart of another country with the currency-change alert and goes back to the service', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok');
    localStorage.setItem(cartStorageKey, JSON.stringify(cart({ userCountry: 28 })));
    answer({ 'find-user-info': userInfo(5) });
    const router = renderPage('/ar/es/confirmation/pubRef0001');
    expect(
      await screen.findByText(
        'Debido a tu origen debemos cambiarte de moneda. Vuelve a seleccionar el turno.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/service/pubRef0001'));
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('offers in the chooser only what the rules allow (no cash online) and opens the card page', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok');
    localStorage.setItem(cartStorageKey, JSON.stringify(cart()));
    answer({
      'find-user-info': userInfo(5),
      'save-temp-booking': { status: '200', booking: held() },
      'start-payment': startedPayment,
    });
    renderPage('/ar/es/confirmation/pubRef0001');
    // issue 12: the zone inside the brackets brings none of its own.
    expect(await screen.findByText(/ a las 09:00 \(tu hora, Buenos Aires, GMT-3\)$/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Continuar al pago' }));
    const chooser = await screen.findByRole('dialog', { name: 'Opciones de Pago' });
    expect(within(chooser).queryByRole('button', { name: 'Pagar en efectivo en la cita' })).toBeNull();
    expect(within(chooser).getByRole('button', { name: 'Pagar por transferencia' })).toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: 'Pagar con tarjeta de crédito o débito' }));
    const frame = await screen.findByTitle('Pago con tarjeta');
    expect(frame).toHaveAttribute('src', '/sandbox-checkout/dlocal/payRef0001');
    expect(callMock).toHaveBeenCalledWith(
      'save-temp-booking',
      expect.objectContaining({ ref: 'pubRef0001', startsAt: cart().date, modality: 1 }),
    );
    expect(callMock).toHaveBeenCalledWith('start-payment', { ref: 'tempRef0001' });
  });

  it('card-only (a client from another country): the first tap opens the provider', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok');
    localStorage.setItem(cartStorageKey, JSON.stringify(cart({ currency: 'USD', international: true })));
    answer({
      'find-user-info': userInfo(5),
      'save-temp-booking': {
        status: '200',
        booking: held({
          price: 31,
          originalPrice: 31,
          currency: 'USD',
          international: true,
          options: { cash: false, card: true, transfer: false },
        }),
      },
      'start-payment': startedPayment,
    });
    renderPage('/ar/es/confirmation/pubRef0001');
    const price = await screen.findByTestId('checkout-price');
    // spec 002 §9: an Argentine viewer reads dollars as 'US$ 31,00' ('$' alone is the peso).
    expect(price.textContent?.replace(/\s/g, ' ')).toBe('US$ 31,00');
    await user.click(await screen.findByRole('button', { name: 'Pagar con tarjeta de crédito o débito' }));
    const frame = await screen.findByTitle('Pago con tarjeta');
    expect(frame).toHaveAttribute('src', '/sandbox-checkout/dlocal/payRef0001');
    expect(callMock.mock.calls.filter(([action]) => action === 'start-payment')).toHaveLength(1);
  });

  it('finalises a hidden price directly and lands on manual-success', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok');
    localStorage.setItem(cartStorageKey, JSON.stringify(cart({ hidePrice: 1 })));
    answer({
      'find-user-info': userInfo(5),
      'save-temp-booking': { status: '200', booking: held({ hidePrice: 1, price: 0, finalMode: 'manual' }) },
      'save-booking': { status: '200', ref: 'tempRef0001', route: 'manual-success' },
    });
    const router = renderPage('/ar/es/confirmation/pubRef0001');
    expect(
      await screen.findByText(/El profesional define el valor después de la reserva/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar reserva' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/manual-success'));
    expect(router.state.location.search).toBe('?ref=tempRef0001');
    expect(callMock).toHaveBeenCalledWith('save-booking', { ref: 'tempRef0001', method: 'manual' });
    expect(localStorage.getItem(cartStorageKey)).toBeNull();
  });

  it('shows the expiry message when the hold runs out', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(cartStorageKey, JSON.stringify(cart()));
    answer({
      'find-user-info': userInfo(5),
      'save-temp-booking': {
        status: '200',
        booking: held({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }),
      },
    });
    renderPage('/ar/es/confirmation/pubRef0001');
    expect(await screen.findByText('El tiempo para realizar la reserva expiro.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar al pago' })).toBeNull();
  });

  it('on the return from the provider goes to pay-success once the payment is approved', async () => {
    localStorage.setItem('token', 'tok');
    answer({
      'find-payment': {
        status: '200',
        paymentRef: 'payRef0001',
        state: 'approved',
        provider: 'sandbox-dlocal',
        amount: 25000,
        currency: 'ARS',
        bookingRef: 'tempRef0001',
        courseRef: null,
        route: 'pay-success',
      },
    });
    const router = renderPage('/ar/es/confirmation/pubRef0001/payRef0001/tempRef0001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/pay-success'));
    expect(router.state.location.search).toBe('?ref=tempRef0001');
  });
});
