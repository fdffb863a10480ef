import type { BillingRow, InputOf } from '@agendo/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { billColumnsKey, columnShown, readHiddenColumns } from './billing-columns.ts';
import { BillingTable } from './billing-table.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

function row(over: Partial<BillingRow> = {}): BillingRow {
  return {
    id: 'saleRef00001',
    sellId: 'saleRef00001',
    date: '2026-11-20T13:00:00.000Z',
    clientName: 'Valentina Sosa',
    imgClient: null,
    clientPhone: '+5491144445555',
    clientMail: 'valen@example.com',
    title: 'Sesión de psicología',
    service: 'Sesión',
    modality: 'Online',
    modeSell: '1',
    bookingRef: 'bookRef00001',
    courseRef: null,
    moduleId: null,
    currency: 'ARS',
    price: 2_500_000,
    promoSeller: 0,
    netPrice: 2_500_000,
    pay: 0,
    complete: '1',
    datePay: null,
    PendingPay: 2_500_000,
    canBill: false,
    billLink: null,
    comisionPorc: 0,
    AmmountAs: 0,
    cashout_id: null,
    payout_date: null,
    payId: null,
    ...over,
  };
}

function renderTable(props: { consultantId?: string } = {}) {
  const router = createMemoryRouter(
    [{ path: '/:country/:lang/billing', element: <BillingTable {...props} ownCountry={5} /> }],
    { initialEntries: ['/ar/es/billing'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const stubMatchMedia = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  // mantine-datatable shows a column only while its media query matches (every column has one);
  // the shared jsdom stub answers false to every query, which would hide them all.
  window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: true });
});
afterEach(() => {
  callMock.mockReset();
  window.matchMedia = stubMatchMedia;
});

describe('column rules (spec 001 §2.3)', () => {
  it('phone and e-mail are off by default; a stored choice is kept; junk falls back', () => {
    expect(readHiddenColumns(localStorage)).toEqual(['clientPhone', 'clientMail']);
    localStorage.setItem(billColumnsKey, JSON.stringify({ hidden: ['title', 'nonsense'] }));
    expect(readHiddenColumns(localStorage)).toEqual(['title']);
    localStorage.setItem(billColumnsKey, '{broken');
    expect(readHiddenColumns(localStorage)).toEqual(['clientPhone', 'clientMail']);
  });

  it.each([
    ['clientName', true, false],
    ['clientPhone', true, false],
    ['clientMail', true, false],
    ['title', true, true],
    ['clientName', false, true],
  ] as const)('%s with consultantId %s shows: %s', (key, consultantId, shown) => {
    expect(columnShown(key, [], { consultantId, invoiceCountry: true })).toBe(shown);
  });

  it('the invoice column exists only for country 5', () => {
    expect(columnShown('invoice', [], { consultantId: false, invoiceCountry: false })).toBe(false);
    expect(columnShown('invoice', [], { consultantId: false, invoiceCountry: true })).toBe(true);
  });
});

describe('BillingTable', () => {
  it('marks an unpaid sale paid after the confirmation, shows the spec text and reloads', async () => {
    let paid = false;
    const inputs: InputOf<'find-billing-all'>[] = [];
    answerActions(callMock, {
      'find-billing-all': (input) => {
        inputs.push(input);
        return {
          status: '200',
          rows: [
            paid
              ? row({ pay: 1, PendingPay: 0, datePay: '2026-11-22T12:00:00.000Z', payId: 'payRef00001' })
              : row(),
            row({ id: 'saleRef00002', sellId: 'saleRef00002', clientName: 'Joaquín Gómez', complete: '2' }),
          ],
          total: 2,
        };
      },
      'mark-pay-booking': (input) => {
        expect(input.ref).toBe('saleRef00001');
        paid = true;
        return {
          status: '200',
          message: 'La cita cambio al estado de abonada.',
          date: '2026-11-22T12:00:00.000Z',
          payId: 'payRef00001',
        };
      },
    });
    const user = userEvent.setup();
    renderTable();
    const valentina = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    // complete '2': the cell says NO, no action.
    const joaquin = screen.getByText('Joaquín Gómez').closest('tr') as HTMLElement;
    expect(within(joaquin).getByText('NO')).toBeTruthy();
    expect(within(joaquin).queryByRole('button', { name: 'Marcar Paga' })).toBeNull();
    expect(inputs[0]).toMatchObject({ page: 1, pageSize: 20, sort: 'date', dir: 'desc', search: '' });

    await user.click(within(valentina).getByRole('button', { name: 'Marcar Paga' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Se dejarán de enviar recordatorios/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Marcar Paga' }));
    expect(await screen.findByText('La contratación cambio al estado de abonada.')).toBeTruthy();
    await waitFor(() => {
      const again = screen.getByText('Valentina Sosa').closest('tr') as HTMLElement;
      expect(within(again).getByText('SI')).toBeTruthy();
    });
  });

  it('keeps the column choice in billColumns and hides the client columns inside a contact', async () => {
    answerActions(callMock, {
      'find-billing-all': { status: '200', rows: [row()], total: 1 },
    });
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Valentina Sosa');
    expect(screen.queryByText('valen@example.com')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Email' }));
    expect(await screen.findByText('valen@example.com')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(billColumnsKey) ?? '{}')).toEqual({ hidden: ['clientPhone'] });
  });

  it('with a consultantId asks for that contact only and shows no client column', async () => {
    const inputs: InputOf<'find-billing-all'>[] = [];
    answerActions(callMock, {
      'find-billing-all': (input) => {
        inputs.push(input);
        return { status: '200', rows: [row()], total: 1 };
      },
    });
    renderTable({ consultantId: 'contactRef01' });
    await screen.findByText('Sesión de psicología');
    expect(inputs[0]?.consultantId).toBe('contactRef01');
    expect(screen.queryByText('Valentina Sosa')).toBeNull();
  });
});
