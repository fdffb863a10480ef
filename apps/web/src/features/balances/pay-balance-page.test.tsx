import { countryIdForBrowserCountry, moneyText, type OutputOf, toMajorUnits } from '@agendo/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);
const ars = (minor: number) =>
  moneyText(toMajorUnits(minor, 'ARS'), 'ARS', countryIdForBrowserCountry('ar')).replace(/\s+/g, ' ');

const payment = (state: OutputOf<'find-payment'>['state']): OutputOf<'find-payment'> => ({
  status: '200',
  paymentRef: 'pay-1',
  state,
  provider: 'sandbox-dlocal',
  amount: 120,
  currency: 'ARS',
  bookingRef: null,
  courseRef: null,
  route: state === 'approved' ? 'pay-success' : null,
});

function renderAt(path: string) {
  return renderRoutes(routes, path);
}

// The pages load lazily and the machine is shared: generous waits, never a fixed sleep.
describe('pay-balance (spec 000 §2.2, issue 14)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-client'));
  afterEach(() => callMock.mockReset());

  it('shows an approved payment and what is left to pay, with the way back to the balances', async () => {
    answerActions(callMock, {
      'find-payment': payment('approved'),
      'find-balances': { status: '200', balances: [{ saldo: 0, ammount: 4_000, currency: 'ARS' }] },
    });
    renderAt('/ar/es/pay-balance/prof-1/pay-1/sale-1');
    expect(await screen.findByText('Tu pago fue acreditado.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(`Pagaste ${ars(12_000)} con tarjeta.`)).toBeTruthy();
    expect(await screen.findByText(`Adeudado: ${ars(4_000)}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a mis saldos' }).getAttribute('href')).toBe(
      '/ar/es/wallet-account/prof-1',
    );
    expect(callMock).toHaveBeenCalledWith('find-payment', { ref: 'pay-1' });
    expect(callMock).toHaveBeenCalledWith('find-balances', { mode: 2, balanceOfUser: 'prof-1' });
  });

  it('a declined card says nothing was charged and the debt is as it was', async () => {
    answerActions(callMock, {
      'find-payment': payment('declined'),
      'find-balances': { status: '200', balances: [{ saldo: 0, ammount: 16_000, currency: 'ARS' }] },
    });
    renderAt('/ar/es/pay-balance/prof-1/pay-1/sale-1');
    expect(await screen.findByText('El pago fue rechazado.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(`Adeudado: ${ars(16_000)}`)).toBeTruthy();
  });

  it('waits while the provider has not confirmed, then shows the approval', async () => {
    let reads = 0;
    answerActions(callMock, {
      'find-payment': () => {
        reads += 1;
        return payment(reads < 2 ? 'created' : 'approved');
      },
      'find-balances': { status: '200', balances: [] },
    });
    renderAt('/ar/es/pay-balance/prof-1/pay-1/sale-1');
    expect(await screen.findByText('Estamos confirmando tu pago…', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Tu pago fue acreditado.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('No tienes saldos pendientes con este profesional.')).toBeTruthy();
  });

  it('without a payment goes to the balances with that professional', async () => {
    answerActions(callMock, {
      'find-balances': { status: '200', balances: [] },
      'find-wallets': { status: '200', wallets: [], payCard: 1, payCash: 0, payMoney: 0, bank: null },
    });
    const router = renderAt('/ar/es/pay-balance/prof-1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/wallet-account/prof-1'), {
      timeout: 10_000,
    });
  });
});
