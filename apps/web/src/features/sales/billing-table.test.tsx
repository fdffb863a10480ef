import type { InputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { billingRowFixture } from '../../lib/billing-row-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  billColumnsKey,
  billingGroups,
  columnShown,
  columnWidths,
  contractingMenu,
  groupUnits,
  readHiddenColumns,
  type TableColumnKey,
  widthUnitPx,
} from './billing-columns.ts';
import { BillingTable } from './billing-table.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

const row = billingRowFixture;

/** The table alone: the app's appointment panel is tried in app/booking-menu.test.tsx. */
function renderTable(props: { consultantId?: string } = {}) {
  return renderRoutes(
    {
      billing: <BillingTable {...props} ownCountry={5} />,
      'my-tools/:ref': <p>Agenda</p>,
    },
    '/ar/es/billing',
  );
}

const stubMatchMedia = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  // mantine-datatable shows a column only while its media query matches (every column has one);
  // the shared jsdom stub answers false to every query, which would hide them all.
  // A desktop window: the phone query (max-width) does not match, so the table is shown.
  window.matchMedia = (query: string) => ({
    ...stubMatchMedia(query),
    matches: !query.includes('max-width'),
  });
});
afterEach(() => {
  callMock.mockReset();
  window.matchMedia = stubMatchMedia;
});

describe('column rules (spec 001 §2.3)', () => {
  it('phone and e-mail are off by default; a stored choice is kept; junk falls back', () => {
    expect(readHiddenColumns(localStorage)).toEqual(['clientPhone', 'clientMail', 'modality']);
    localStorage.setItem(billColumnsKey, JSON.stringify({ hidden: ['title', 'nonsense'] }));
    expect(readHiddenColumns(localStorage)).toEqual(['title']);
    localStorage.setItem(billColumnsKey, '{broken');
    expect(readHiddenColumns(localStorage)).toEqual(['clientPhone', 'clientMail', 'modality']);
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

  // spec 001 §2.3: default group widths 10, 3, 2, 3, 1, 1, 1; the first is 7 with a consultantId.
  it.each([
    [false, 'detail', 10],
    [true, 'detail', 7],
    [false, 'price', 3],
    [true, 'commission', 2],
    [false, 'payout', 3],
    [false, 'sell', 1],
    [false, 'pay-id', 1],
    [true, 'cashout', 1],
  ] as const)('with consultantId %s the %s group is %i units wide by default', (consultantId, id, units) => {
    expect(groupUnits(id, consultantId)).toBe(units);
    for (const invoiceCountry of [false, true]) {
      const context = { consultantId, invoiceCountry };
      const widths = columnWidths(context);
      const shownByDefault = (key: TableColumnKey) =>
        key === 'date' ||
        key === 'view' ||
        columnShown(key, ['clientPhone', 'clientMail', 'modality'], context);
      const group = billingGroups.find((g) => g.id === id);
      const width = (group?.columns ?? [])
        .filter(([key]) => shownByDefault(key))
        .reduce((sum, [key]) => sum + widths[key], 0);
      // Each column is rounded to a whole pixel.
      expect(Math.abs(width - units * widthUnitPx)).toBeLessThanOrEqual(group?.columns.length ?? 0);
    }
  });

  it.each([
    [{ modeSell: '1', bookingRef: 'bookRef00001', courseRef: null, moduleId: null }, 'booking'],
    [{ modeSell: '1', bookingRef: null, courseRef: null, moduleId: null }, 'none'],
    [{ modeSell: '2', bookingRef: null, courseRef: 'courseRef001', moduleId: null }, 'course'],
    [{ modeSell: '2', bookingRef: null, courseRef: 'courseRef001', moduleId: 'moduleRef01' }, 'none'],
  ] as const)("'Ver contratación' of %o opens the %s menu", (row, menu) => {
    expect(contractingMenu(row)).toBe(menu);
  });

  it('the invoice column exists only for country 5', () => {
    expect(columnShown('invoice', [], { consultantId: false, invoiceCountry: false })).toBe(false);
    expect(columnShown('invoice', [], { consultantId: false, invoiceCountry: true })).toBe(true);
  });
});

describe('BillingTable', { timeout: 20_000 }, () => {
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

  it('a column chosen for the first time starts A→Z (dates newest first); a second click turns it', async () => {
    const inputs: InputOf<'find-billing-all'>[] = [];
    answerActions(callMock, {
      'find-billing-all': (input) => {
        inputs.push(input);
        return { status: '200', rows: [row()], total: 1 };
      },
    });
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Valentina Sosa');
    expect(inputs.at(-1)).toMatchObject({ sort: 'date', dir: 'desc' });
    // The table starts newest first; the client column must still start at A, not at Z.
    await user.click(screen.getByRole('button', { name: /^Consultante/ }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ sort: 'clientName', dir: 'asc' }));
    await user.click(screen.getByRole('button', { name: /^Consultante/ }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ sort: 'clientName', dir: 'desc' }));
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
    expect(JSON.parse(localStorage.getItem(billColumnsKey) ?? '{}')).toEqual({
      hidden: ['clientPhone', 'modality'],
    });
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
  it('without the app around it, a session opens in the agenda (which shows the same panel)', async () => {
    answerActions(callMock, { 'find-billing-all': { status: '200', rows: [row()], total: 1 } });
    const user = userEvent.setup();
    const router = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Ver contratación' }));
    expect(await screen.findByText('Agenda')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ar/es/my-tools/bookRef00001');
  });

  it("a course without a module opens the course menu; a module purchase shows '--'", async () => {
    const course = { modeSell: '2', bookingRef: null, modality: 'Curso', service: 'Curso' } as const;
    answerActions(callMock, {
      'find-billing-all': {
        status: '200',
        rows: [
          row({ ...course, id: 'saleRef00002', clientName: 'Ana Paz', courseRef: 'courseRef001' }),
          row({
            ...course,
            id: 'saleRef00003',
            clientName: 'Luis Rey',
            courseRef: 'courseRef001',
            moduleId: 'moduleRef01',
          }),
        ],
        total: 2,
      },
    });
    const user = userEvent.setup();
    renderTable();
    const module = (await screen.findByText('Luis Rey')).closest('tr') as HTMLElement;
    expect(within(module).queryByRole('button', { name: 'Ver contratación' })).toBeNull();
    expect(within(module).getByText('--', { selector: 'p' })).toBeTruthy();
    const whole = screen.getByText('Ana Paz').closest('tr') as HTMLElement;
    await user.click(within(whole).getByRole('button', { name: 'Ver contratación' }));
    const item = await screen.findByRole('menuitem', { name: 'Ver curso' });
    expect(item.getAttribute('href')).toBe('/ar/es/course/courseRef001');
    expect(screen.getByRole('menuitem', { name: 'Alumnos y contrataciones' }).getAttribute('href')).toBe(
      '/ar/es/courses',
    );
  });

  it("offers 'Marcar Paga' for an appointment still to come (spec 001 §2.3 sets no date rule)", async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    answerActions(callMock, {
      'find-billing-all': { status: '200', rows: [row({ date: future })], total: 1 },
    });
    renderTable();
    const sale = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    expect(within(sale).getByRole('button', { name: 'Marcar Paga' })).toBeTruthy();
  });

  it('shows the payment date and payId the server answered before the list is read again', async () => {
    let calls = 0;
    answerActions(callMock, {
      'find-billing-all': () => {
        calls += 1;
        // The reload after marking never answers: what shows comes from mark-pay-booking.
        return calls === 1 ? { status: '200', rows: [row()], total: 1 } : new Promise(() => {});
      },
      'mark-pay-booking': {
        status: '200',
        message: 'La cita cambio al estado de abonada.',
        date: '2026-11-22T12:00:00.000Z',
        payId: 'payRef00009',
      },
    });
    const user = userEvent.setup();
    renderTable();
    const sale = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    await user.click(within(sale).getByRole('button', { name: 'Marcar Paga' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Marcar Paga' }));
    await waitFor(() => expect(within(sale).getByText('SI')).toBeTruthy());
    expect(within(sale).getByText('payRef00009')).toBeTruthy();
    expect(within(sale).getByText(/22\/11\/2026/)).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('names the pager arrows in Spanish (the library says Previous page / Next page)', async () => {
    answerActions(callMock, { 'find-billing-all': { status: '200', rows: [row()], total: 60 } });
    renderTable();
    await screen.findByText('Valentina Sosa');
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next page|Previous page/ })).not.toBeInTheDocument();
  });

  it('gives each column its default width, the badge column included', async () => {
    answerActions(callMock, { 'find-billing-all': { status: '200', rows: [row()], total: 1 } });
    renderTable();
    const sale = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    const widths = columnWidths({ consultantId: false, invoiceCountry: true });
    const viewCell = within(sale).getByRole('button', { name: 'Ver contratación' }).closest('td');
    expect(viewCell?.style.width).toBe(`${widths.view}px`);
    expect(screen.getByRole('columnheader', { name: 'Ver' }).style.width).toBe(`${widths.view}px`);
    expect(screen.getByRole('columnheader', { name: 'Moneda' }).style.width).toBe(`${widths.currency}px`);
  });

  it('says there are no sales yet and where to start; inside a contact, that the contact has none', async () => {
    answerActions(callMock, { 'find-billing-all': { status: '200', rows: [], total: 0 } });
    renderTable();
    expect(await screen.findByRole('heading', { name: 'Todavía no tienes ventas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mis servicios' }).getAttribute('href')).toBe(
      '/ar/es/my-services',
    );
    expect(screen.queryByRole('table')).toBeNull();
    // Nothing to search, hide or export yet.
    expect(screen.queryByRole('textbox', { name: 'Buscar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exportar' })).toBeNull();
  });

  it('inside a contact without sales says so', async () => {
    answerActions(callMock, { 'find-billing-all': { status: '200', rows: [], total: 0 } });
    renderTable({ consultantId: 'contactRef01' });
    expect(await screen.findByRole('heading', { name: 'Sin contrataciones' })).toBeTruthy();
  });

  it('a search without results can be cleared in one click', async () => {
    const searches: string[] = [];
    answerActions(callMock, {
      'find-billing-all': (input) => {
        searches.push(input.search ?? '');
        return input.search
          ? { status: '200', rows: [], total: 0 }
          : { status: '200', rows: [row()], total: 1 };
      },
    });
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Valentina Sosa');
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'zzz');
    expect(
      await screen.findByText('Ninguna contratación coincide con «zzz».', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(await screen.findByText('Valentina Sosa')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
    expect(searches).toContain('zzz');
  });

  it('a failed read says so and can be retried', async () => {
    let fail = true;
    answerActions(callMock, {
      'find-billing-all': () => {
        if (fail) throw new ApiError('E500', 'Error', undefined, 500);
        return { status: '200', rows: [row()], total: 1 };
      },
    });
    const user = userEvent.setup();
    renderTable();
    expect(await screen.findByText('No pudimos cargar tus contrataciones.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Valentina Sosa')).toBeTruthy();
  });
});

/** The text of a row's cell under the column titled `title` (the header row of the columns). */
function cellOf(tr: HTMLElement, title: string): string {
  const headers = [...(tr.closest('table')?.querySelectorAll('thead tr:last-child th') ?? [])];
  const index = headers.findIndex((th) => th.textContent?.trim() === title);
  return tr.querySelectorAll('td')[index]?.textContent?.trim() ?? '';
}

describe('a refunded sale (issue 34)', () => {
  it('says Devuelta in Estado, with no commission and nothing to release', async () => {
    answerActions(callMock, {
      'find-billing-all': {
        status: '200',
        rows: [
          row({
            id: 'refunded1',
            clientName: 'Valentina Sosa',
            pay: 0,
            state: 'refunded',
            refundState: 'done',
            complete: '2',
            PendingPay: 0,
            comisionPorc: 0,
            AmmountAs: 0,
          }),
          row({ id: 'paid1', clientName: 'Marta Ríos', pay: 1, state: 'paid', PendingPay: 0 }),
        ],
        total: 2,
        next: null,
      },
    });
    renderTable();
    const refunded = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    expect(within(refunded).getByText('Devuelta')).toBeInTheDocument();
    // Commission 0 %, $ 0, and 'Pendiente de liberar' $ 0: the money went back to the client.
    expect(cellOf(refunded, 'Comisión %')).toBe('0 %');
    expect(cellOf(refunded, 'Comisión')).toMatch(/^\$\s0,00 ARS$/);
    expect(cellOf(refunded, 'Pendiente de liberar')).toMatch(/^\$\s0,00 ARS$/);
    const paid = screen.getByText('Marta Ríos').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Pagada')).toBeInTheDocument();
    expect(cellOf(paid, 'Pendiente de liberar')).toMatch(/25\.000/);
    // The consultation's date stays fixed while the table scrolls sideways.
    expect(paid.closest('table')).toHaveClass('mantine-datatable-pin-first-column');
  });
});

describe('on a phone (issue 34)', () => {
  it('lists the sales as cards with their state instead of the 25-column table', async () => {
    window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: true });
    answerActions(callMock, {
      'find-billing-all': {
        status: '200',
        rows: [row({ id: 'refunded1', pay: 0, state: 'refunded', refundState: 'done', complete: '2' })],
        total: 1,
        next: null,
      },
    });
    renderTable();
    const list = await screen.findByRole('list', { name: 'Ventas y cobros' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('Valentina Sosa')).toBeInTheDocument();
    expect(within(card).getByText('Devuelta')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('filters (issue 34)', () => {
  it('asks the server for the chosen state, days, currency and method', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-billing-all': { status: '200', rows: [row()], total: 1, next: null },
    });
    renderTable();
    await screen.findByText('Valentina Sosa');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Devuelta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Moneda' }), 'USD');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medio de pago' }), 'Tarjeta');
    await user.type(screen.getByLabelText('Desde'), '2026-11-01');
    await waitFor(() =>
      expect(callMock).toHaveBeenLastCalledWith(
        'find-billing-all',
        expect.objectContaining({
          state: 'refunded',
          currency: 'USD',
          method: 'card',
          from: '2026-11-01',
          page: 1,
        }),
      ),
    );
  });
});
