import { countryIdForBrowserCountry, moneyText, type OutputOf } from '@agendo/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { theme } from '../../app/theme.ts';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);
// Testing Library collapses the no-break spaces of Intl's format; so does the expectation.
const ars = (minor: number) => moneyText(minor, 'ARS', countryIdForBrowserCountry('ar')).replace(/\s+/g, ' ');

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
): OutputOf<'find-wallets'> => ({
  status: '200',
  wallets: [wallet],
  ...methods,
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function openPay() {
  await userEvent.click(await screen.findByRole('button', { name: 'Pagar Consulta de nutrición' }));
  return screen.findByRole('dialog');
}

describe('wallet-account (issue 14, spec 002 §4 §5)', () => {
  beforeEach(() => setToken('token-of-the-demo-client'));
  afterEach(() => {
    callMock.mockReset();
    localStorage.clear();
  });

  it('lists what the client owes the professional and each pending balance with Pagar', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    expect(await screen.findByText(`Adeudado: ${ars(1_500_000)}`)).toBeTruthy();
    expect(screen.getByText('Consulta de nutrición')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith('find-wallets', { mode: 2, balanceOfUser: 'prof-1' });
  });

  it('says when nothing is owed', async () => {
    answerActions(callMock, {
      'find-balances': { status: '200', balances: [] },
      'find-wallets': { status: '200', wallets: [], payCard: 1, payCash: 1, payMoney: 1 },
    });
    renderAt('/ar/es/wallet-account/prof-1');
    expect(await screen.findByText('No tienes saldos pendientes con este profesional.')).toBeTruthy();
  });

  it('card only goes straight to the confirm step; the keypad follows the contract rules', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(within(dialog).getByText(`Vas a pagar ${ars(1_500_000)}.`)).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Pagar con tarjeta' }) as HTMLButtonElement).disabled,
    ).toBe(true);

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
    // 12 whole pesos are 1200 minor units.
    expect(within(dialog).getByText(`Vas a pagar ${ars(1200)}.`)).toBeTruthy();
  });

  it('several methods go to the method choice; transfer and cash show their steps', async () => {
    answerActions(callMock, {
      'find-balances': balances,
      'find-wallets': wallets({ payCard: 1, payCash: 1, payMoney: 1 }),
    });
    renderAt('/ar/es/wallet-account/prof-1');
    const dialog = await openPay();
    expect(within(dialog).getByText('Elige la forma de pago')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transferencia bancaria' }));
    expect(
      within(dialog).getByText(/Contacta al profesional para que te indique sus datos bancarios/),
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
  it('without a professional lists those of past appointments the client owes, linking to each', async () => {
    const bookings: OutputOf<'find-bookings'>['bookings'] = [
      bookingFixture({ id: 'b1', sellerRef: 'prof-1', sellerName: 'Laura Méndez' }),
      bookingFixture({ id: 'b2', sellerRef: 'prof-1', sellerName: 'Laura Méndez' }),
      bookingFixture({ id: 'b3', sellerRef: 'prof-2', sellerName: 'Pablo Ruiz' }),
    ];
    answerActions(callMock, {
      'find-bookings': { status: '200', bookings, next: null },
      'find-balances': ({ balanceOfUser }) =>
        balanceOfUser === 'prof-1' ? balances : { status: '200', balances: [] },
      'find-wallets': wallets({ payCard: 1, payCash: 0, payMoney: 0 }),
    });
    renderAt('/ar/es/wallet-account');
    expect(await screen.findByText('Laura Méndez')).toBeTruthy();
    expect(screen.getByText(`Adeudado: ${ars(1_500_000)}`)).toBeTruthy();
    expect(screen.queryByText('Pablo Ruiz')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Ver Laura Méndez' }));
    expect(await screen.findByRole('button', { name: 'Pagar Consulta de nutrición' })).toBeTruthy();
  });

  it('without a professional says when nothing is owed', async () => {
    answerActions(callMock, {
      'find-bookings': { status: '200', bookings: [bookingFixture({ sellerRef: 'prof-2' })], next: null },
      'find-balances': { status: '200', balances: [] },
    });
    renderAt('/ar/es/wallet-account');
    expect(await screen.findByText('No tienes saldos pendientes.')).toBeTruthy();
  });
});
