import {
  countryIdForBrowserCountry,
  type InputOf,
  moneyText,
  type OutputOf,
  toMajorUnits,
} from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);
// Testing Library collapses the no-break spaces of Intl's format; so does the expectation.
const ars = (minor: number) =>
  moneyText(toMajorUnits(minor, 'ARS'), 'ARS', countryIdForBrowserCountry('ar')).replace(/\s+/g, ' ');

const balances: OutputOf<'find-balances'> = {
  status: '200',
  balances: [{ saldo: 0, ammount: 1_500_000, currency: 'ARS' }],
};
const wallet = {
  id: 'sale-1',
  title: 'Consulta de nutrición',
  date: '2026-11-02T13:00:00.000Z',
  currency: 'ARS',
  price: 3_000_000,
  ammount: 1_500_000,
};
const wallets = (
  methods: Pick<OutputOf<'find-wallets'>, 'payCard' | 'payCash' | 'payMoney'>,
  bank: OutputOf<'find-wallets'>['bank'] = null,
): OutputOf<'find-wallets'> => ({
  status: '200',
  wallets: [wallet],
  bank,
  ...methods,
});

function renderAt(path: string) {
  renderRoutes(routes, path);
}

async function openPay() {
  // The page is loaded lazily: the first render of a file may take a while on a busy machine.
  await userEvent.click(
    await screen.findByRole('button', { name: 'Pagar Consulta de nutrición' }, { timeout: 10_000 }),
  );
  return screen.findByRole('dialog');
}

// The pages load lazily and the machine is shared: generous waits, never a fixed sleep.
describe('wallet-account (issue 14, spec 002 §4 §5)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-client'));
  afterEach(() => callMock.mockReset());

  it('lists what the client owes the professional and each pending balance with Pagar', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    expect(await screen.findByText(`Adeudado: ${ars(1_500_000)}`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Consulta de nutrición')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith('find-wallets', { mode: 2, balanceOfUser: 'prof-1' });
  });

  it('says when nothing is owed', async () => {
    answerActions(callMock, {
      'find-balances': { status: '200', balances: [] },
      'find-wallets': { status: '200', wallets: [], payCard: 1, payCash: 1, payMoney: 1, bank: null },
    });
    renderAt('/ar/es/wallet-account/prof-1');
    expect(await screen.findByText('No tienes saldos pendientes con este profesional.')).toBeTruthy();
  });

  it('card only goes straight to the confirm step; the keypad amount is what is charged', async () => {
    const start = vi.fn(
      (input: InputOf<'start-balance-payment'>): OutputOf<'start-balance-payment'> => ({
        status: '200',
        paymentRef: 'pay-1',
        saleRef: 'sale-bp-1',
        provider: 'dlocal',
        checkoutUrl: `/sandbox-checkout/dlocal/pay-1?amount=${input.amount}`,
        sandbox: true,
      }),
    );
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
      'start-balance-payment': start,
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(within(dialog).getByText(`Vas a pagar ${ars(1_500_000)}.`)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar monto' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    // A leading zero is ignored; 8 digits typed keep 7, shown with thousands dots.
    for (const k of ['0', '1', '2', '3', '4', '5', '6', '7', '8']) {
      await userEvent.click(within(dialog).getByRole('button', { name: k }));
    }
    expect(within(dialog).getByTestId('keypad-amount').textContent).toBe('ARS 1.234.567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Borrar último dígito' }));
    expect(within(dialog).getByTestId('keypad-amount').textContent).toBe('ARS 123.456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Borrar todo' }));
    expect(confirm.disabled).toBe(true);
    await userEvent.keyboard('12');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    // 12 whole pesos are 1200 minor units, and that is what the card is charged.
    expect(within(dialog).getByText(`Vas a pagar ${ars(1200)}.`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar con tarjeta' }));
    expect(start).toHaveBeenCalledWith({ mode: 2, balanceOfUser: 'prof-1', currency: 'ARS', amount: 1200 });
    // The provider's page opens in the same overlay frame as an appointment's checkout.
    const frame = await screen.findByTitle('Pago con tarjeta');
    expect(frame.getAttribute('src')).toBe('/sandbox-checkout/dlocal/pay-1?amount=1200');
  });

  it('refuses a keypad amount above the debt, and shows the server’s refusal too', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
      'start-balance-payment': new ApiError(
        'E3',
        'El monto no puede superar el saldo adeudado.',
        'amount',
        400,
      ),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar monto' }));
    await userEvent.keyboard('15001');
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent?.replace(/\s+/g, ' ')).toBe(
      `El monto no puede superar el saldo adeudado (${ars(1_500_000)}).`,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.keyboard('{Backspace}');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(confirm);
    // The debt went down meanwhile (paid elsewhere): the server refuses with its own words.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar con tarjeta' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'El monto no puede superar el saldo adeudado.',
    );
  });

  it('transfer shows the professional’s bank data with the total', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets(
        { payCard: 0, payCash: 0, payMoney: 1 },
        {
          country: 5,
          firstName: 'Laura',
          lastName: 'Méndez',
          accountType: null,
          bankName: 'BANCO DE LA NACION ARGENTINA',
          currency: 'ARS',
          account: '0110599520000001234569',
          alias: 'laura.consultorio',
        },
      ),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(
      within(dialog).getByText(`Transfiere ${ars(1_500_000)} a esta cuenta del profesional:`),
    ).toBeTruthy();
    expect(within(dialog).getByText('Laura Méndez')).toBeTruthy();
    expect(within(dialog).getByText('BANCO DE LA NACION ARGENTINA')).toBeTruthy();
    // The number is named as in the country's bank form.
    expect(within(dialog).getByText('CBU ó CVU Nº:')).toBeTruthy();
    expect(within(dialog).getByText('0110599520000001234569')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copiar CBU ó CVU Nº' })).toBeTruthy();
    expect(within(dialog).queryByText(/Contacta al profesional/)).toBeNull();
  });

  it('several methods go to the method choice; transfer and cash show their steps', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 1, payMoney: 1 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(within(dialog).getByText('Elige la forma de pago')).toBeTruthy();
    // The dialog's close icon has a name (axe: button-name).
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transferencia bancaria' }));
    // Without bank data of the professional: the contact message with the total.
    expect(
      within(dialog).getByText(
        `Contacta al profesional para que te indique sus datos bancarios. Total a pagar: ${ars(1_500_000)}.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efectivo' }));
    expect(
      within(dialog).getByText(`Paga ${ars(1_500_000)} en efectivo al profesional en tu próxima cita.`),
    ).toBeTruthy();
  });

  it('no method tells the client to contact the professional', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 0, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(
      within(dialog).getByText('Contacta al profesional para que active una forma de pago.'),
    ).toBeTruthy();
  });

  it('a credit above the debt triggers the auto-payment save', async () => {
    const save = vi.fn((): OutputOf<'save-auto-payments'> => ({ status: '200', applied: 0, balances: [] }));
    answerActions(callMock, {
      'find-balances': { status: '200', balances: [{ saldo: 2000, ammount: 1000, currency: 'ARS' }] },
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
      'save-auto-payments': save,
    });
    renderAt('/ar/es/wallet-account/prof-1');
    await vi.waitFor(() =>
      expect(save).toHaveBeenCalledWith({ mode: 2, balanceOfUser: 'prof-1', currency: 'ARS' }),
    );
  });
  it('without a professional lists every professional the client owes or holds credit with', async () => {
    answerActions(callMock, {
      'find-client-balances': {
        status: '200',
        more: false,
        professionals: [
          { ref: 'prof-1', name: 'Laura Méndez', balances: balances.balances },
          { ref: 'prof-2', name: 'Pablo Ruiz', balances: [{ saldo: 4_000, ammount: 0, currency: 'ARS' }] },
        ],
      },
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account');
    expect(await screen.findByText('Laura Méndez', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(`Adeudado: ${ars(1_500_000)}`)).toBeTruthy();
    expect(screen.getByText('Pablo Ruiz')).toBeTruthy();
    expect(screen.getByText(`Saldo a favor: ${ars(4_000)}`)).toBeTruthy();
    // One call for the whole list, not one per professional.
    expect(callMock).toHaveBeenCalledWith('find-client-balances', { page: 1 });
    expect(callMock).not.toHaveBeenCalledWith('find-balances', expect.anything());
    await userEvent.click(screen.getByRole('link', { name: 'Ver Laura Méndez' }));
    expect(await screen.findByRole('button', { name: 'Pagar Consulta de nutrición' })).toBeTruthy();
  });

  it('without a professional reads further pages on demand', async () => {
    const page = vi.fn(
      ({ page }: InputOf<'find-client-balances'>): OutputOf<'find-client-balances'> => ({
        status: '200',
        more: page === 1,
        professionals: [
          {
            ref: `prof-${page}`,
            name: page === 1 ? 'Laura Méndez' : 'Pablo Ruiz',
            balances: [{ saldo: 0, ammount: 1_000, currency: 'ARS' }],
          },
        ],
      }),
    );
    answerActions(callMock, { 'find-client-balances': page });
    renderAt('/ar/es/wallet-account');
    expect(await screen.findByText('Laura Méndez', {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ver más profesionales' }));
    expect(await screen.findByText('Pablo Ruiz')).toBeTruthy();
    expect(page).toHaveBeenLastCalledWith({ page: 2 });
    expect(screen.queryByRole('button', { name: 'Ver más profesionales' })).toBeNull();
  });

  it('without a professional says when nothing is owed', async () => {
    answerActions(callMock, {
      'find-client-balances': { status: '200', more: false, professionals: [] },
    });
    renderAt('/ar/es/wallet-account');
    expect(await screen.findByText('No tienes saldos pendientes.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
