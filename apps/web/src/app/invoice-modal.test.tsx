import type { AfipData, BillingRow, InputOf, OutputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceModal } from '../features/invoicing/invoice-modal.tsx';
import { BillingTable } from '../features/sales/billing-table.tsx';
import { ApiError, call } from '../lib/api.ts';
import { billingRowFixture } from '../lib/billing-row-fixture.ts';
import { setToken } from '../lib/session.ts';
import { answerActions } from '../lib/test-actions.ts';
import { desktopScreen } from '../test/media-query.ts';
import { renderRoutes } from '../test/render.tsx';
import { InvoiceModalProvider } from '../ui/invoice-modal-slot.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

const sale = billingRowFixture({
  clientName: 'Martín Gómez',
  clientPhone: null,
  clientMail: 'martin@example.com',
  pay: 1,
  datePay: '2026-11-20T14:00:00.000Z',
  PendingPay: 0,
  canBill: true,
  customerId: 'contactRef01',
});

const client: AfipData = {
  userMode: 2,
  refContact: 'contactRef01',
  razonSocial: 'Martín Gómez',
  domicilioFiscal: 'Av. Santa Fe 2020',
  condicionIva: 5,
  docTipo: 0,
  cuit: '',
  puntoVenta: null,
  fechaInicio: null,
  saved: false,
  sellerCondicionIva: 6,
  connectedOk: true,
  insurance: { plan: 'OSDE 210', number: '61234567801' },
  userMail: 'martin@example.com',
};

const issued: OutputOf<'afip-billing'> = {
  status: '200',
  link: '/invoice-files/invoiceRef01',
  invoice: {
    ref: 'invoiceRef01',
    letter: 'C',
    voucherType: 11,
    pointOfSale: 1,
    number: 7,
    date: '2026-11-22',
    totalMinor: 2_500_000,
    cae: '78800000424734',
    caeExpiry: '2026-12-02',
  },
};

function listOf(rows: BillingRow[]): OutputOf<'find-billing-all'> {
  return { status: '200', rows, total: rows.length, next: null };
}

/** The sales table at billing with the invoicing feature's popup in its slot, as the app has it. */
function renderBilling() {
  return renderRoutes(
    {
      billing: (
        <InvoiceModalProvider value={InvoiceModal}>
          <BillingTable ownCountry={5} />
        </InvoiceModalProvider>
      ),
      'edit-afip-data': <p>Editor de datos de facturación</p>,
    },
    '/ar/es/billing',
  );
}

desktopScreen();
beforeEach(() => {
  setToken('token-of-the-demo-professional');
  localStorage.setItem('billColumns', JSON.stringify({ hidden: [] }));
});
afterEach(() => callMock.mockReset());

describe('the invoice popup (spec 001 §2.3, §4; spec 002 §2 mode 2, §5, §8)', { timeout: 60_000 }, () => {
  it("'Facturar' opens it, the registry fills the client, and the row then shows 'Ver Factura' with 'Factura Generada'", async () => {
    const user = userEvent.setup();
    const sent: InputOf<'afip-billing'>[] = [];
    let invoiced = false;
    answerActions(callMock, {
      'find-billing-all': () =>
        listOf([invoiced ? { ...sale, canBill: false, billLink: issued.link } : sale]),
      'get-afip-data': { status: '200', ...client },
      'get-afip-padron': (input) =>
        input.dni === '20284567898'
          ? {
              status: '200',
              datosPersona: {
                tipoClave: 'CUIT',
                nombre: 'JUAN CARLOS',
                apellido: 'PEREZ',
                idPersona: '20284567898',
                domicilioFiscal: {
                  direccion: 'AV CORRIENTES 1234',
                  localidad: 'CABA',
                  descripcionProvincia: 'CIUDAD AUTONOMA BUENOS AIRES',
                },
              },
            }
          : Promise.reject(
              new ApiError('E300', 'El número de documento ingresado no es correcto.', 'dni', 300),
            ),
      'afip-billing': (input) => {
        sent.push(input);
        invoiced = true;
        return issued;
      },
    });
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Facturar' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');

    // spec 002 §9: the concept starts with the affiliate text; §4: a monotributista issues a C.
    expect(within(dialog).getByLabelText(/Concepto/)).toHaveValue(
      'Sesión de psicología - ( Afiliado OSDE 210: 61234567801 )',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('Tipo de factura: C');

    // spec 002 §5: an empty search shows the message; a wrong number AFIP's 300 text.
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText('Debes ingresar el DNI o CUIT de la persona.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Buscar en el padrón de AFIP'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText('El número de documento ingresado no es correcto.')).toBeVisible();
    const search = within(dialog).getByLabelText('Buscar en el padrón de AFIP');
    await user.clear(search);
    await user.type(search, '20284567898{Enter}');
    expect(await within(dialog).findByText('Completamos los datos de PEREZ JUAN CARLOS.')).toBeVisible();
    expect(within(dialog).getByLabelText(/Apellido y Nombre o Razón Social/)).toHaveValue(
      'PEREZ JUAN CARLOS',
    );
    expect(within(dialog).getByLabelText(/Número de CUIT/)).toHaveValue('20284567898');
    expect(sent).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Facturar' }));
    expect(await screen.findByText('Factura Generada')).toBeVisible();
    expect(sent).toEqual([
      {
        bookingId: 'saleRef00001',
        razonSocialCustomer: 'PEREZ JUAN CARLOS',
        domicilioFiscalCustomer: 'AV CORRIENTES 1234, CABA, CIUDAD AUTONOMA BUENOS AIRES',
        condicionIvaCustomer: 5,
        docTipoCustomer: 80,
        cuitCustomer: '20284567898',
        invoiceType: null,
        invoiceDetails: 'Sesión de psicología - ( Afiliado OSDE 210: 61234567801 )',
        invoicePrice: 2_500_000,
        userMail: 'martin@example.com',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Ver Factura' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Facturar' })).toBeNull();
  });

  it('checks the rules before sending and shows the server’s E200 message', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'afip-billing'>[] = [];
    answerActions(callMock, {
      'find-billing-all': listOf([sale]),
      'get-afip-data': { status: '200', ...client },
      'afip-billing': (input) => {
        sent.push(input);
        return Promise.reject(
          new ApiError('E200', 'AFIP rechazó la factura. 10016: El número no es el próximo.', undefined, 400),
        );
      },
    });
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Facturar' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    const mail = within(dialog).getByLabelText(/Email para enviar la factura/);
    await user.clear(mail);
    await user.type(mail, 'martin@example');
    await user.click(within(dialog).getByRole('button', { name: 'Facturar' }));
    expect(await within(dialog).findByText('El mail no parece ser válido.')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.type(mail, '.com');
    await user.click(within(dialog).getByRole('button', { name: 'Facturar' }));
    expect(
      await within(dialog).findByText('AFIP rechazó la factura. 10016: El número no es el próximo.'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(screen.queryByText('Factura Generada')).toBeNull();
  });

  it('without a working AFIP link it shows the not-configured notice with the editor’s link', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-billing-all': listOf([sale]),
      'get-afip-data': { status: '200', ...client, connectedOk: false },
    });
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Facturar' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Para emitir facturas primero debes cargar tus datos de facturación y vincular tu cuenta de AFIP.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('link', { name: 'Configurar datos de facturación' }));
    expect(await screen.findByText('Editor de datos de facturación')).toBeVisible();
  });

  it("a team member without 'invoice' gets the spec's alert and no popup", async () => {
    const user = userEvent.setup();
    localStorage.setItem('corporativeIn', 'corporate-token');
    localStorage.setItem('corporatePermitions', JSON.stringify({ contactsBilling: true, invoice: false }));
    answerActions(callMock, { 'find-billing-all': listOf([sale]) });
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Facturar' }, { timeout: 10_000 }));
    expect(await screen.findByText('No tienes permisos suficientes para emitir facturas.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
