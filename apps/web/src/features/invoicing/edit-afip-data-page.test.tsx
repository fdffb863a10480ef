import type { AfipData, InputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes, renderWithProviders } from '../../test/render.tsx';
import { FiscalDataForm } from './fiscal-form.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const empty: AfipData = {
  userMode: 1,
  refContact: '',
  razonSocial: '',
  domicilioFiscal: '',
  condicionIva: null,
  docTipo: null,
  cuit: '',
  puntoVenta: null,
  fechaInicio: null,
  saved: false,
  sellerCondicionIva: null,
  connectedOk: false,
  insurance: null,
  userMail: null,
};
const saved: AfipData = {
  ...empty,
  razonSocial: 'Lucía Fernández',
  domicilioFiscal: 'Av. Corrientes 1234, CABA',
  condicionIva: 6,
  docTipo: 80,
  cuit: '27284561231',
  puntoVenta: 1,
  fechaInicio: '2019-03-01',
  saved: true,
  sellerCondicionIva: 6,
};

/** Opens a select and answers its own options (the other select's list is in the page too). */
async function openOptions(label: RegExp) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('no option list');
    return found;
  });
  return within(list).getAllByRole('option', { hidden: true });
}

describe('edit-afip-data (spec 000 §2.2, 002 §2 mode 1, §5)', { timeout: 60_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => callMock.mockReset());

  it('refuses a CUIT with a wrong check digit before sending, then saves numbers and confirms', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-afip-data'>[] = [];
    answerActions(callMock, {
      'get-afip-data': { status: '200', ...empty },
      'update-afip-data': (input) => {
        sent.push(input);
        return { status: '200', ...saved, razonSocial: String(input.razonSocial), unlinkedCuit: null };
      },
    });
    renderRoutes(routes, '/ar/es/edit-afip-data');
    expect(
      await screen.findByRole('heading', { name: 'Datos de facturación' }, { timeout: 10_000 }),
    ).toBeVisible();
    // spec 002 §9: point of sale 1 by default; mode 1 offers only the professional's conditions.
    expect(await screen.findByLabelText(/^Punto de venta/)).toHaveValue('1');
    const options = await openOptions(/Condición frente al IVA/);
    expect(options.map((o) => o.textContent)).toEqual(['Responsable Inscripto', 'Responsable Monotributo']);
    await user.click(options[1] as HTMLElement);

    await user.type(screen.getByLabelText(/^Apellido y Nombre o Razón Social/), 'Lucía Fernández');
    const cuit = screen.getByLabelText(/^Número de CUIT/);
    await user.type(cuit, '27-28456123-2');
    await user.type(screen.getByLabelText(/^Fecha de Inicio de actividades/), '2019-03-01');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    // Issue 34: the dashes are kept as typed, and the fault named is the check digit.
    expect(cuit).toHaveValue('27-28456123-2');
    expect(
      await screen.findByText('El dígito verificador del CUIT no es correcto: revisa el número.'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(cuit);
    await user.type(cuit, '27284561231');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos de facturación guardados.')).toBeVisible();
    expect(sent).toEqual([
      {
        userMode: 1,
        refContact: '',
        razonSocial: 'Lucía Fernández',
        domicilioFiscal: '',
        condicionIva: 6,
        docTipo: 80,
        cuit: '27284561231',
        puntoVenta: 1,
        fechaInicio: '2019-03-01',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Volver a Mi cuenta' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says AFIP was unlinked when the save changed the CUIT it was linked for (issue 34)', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'get-afip-data': { status: '200', ...saved, connectedOk: true },
      'update-afip-data': (input) => ({
        status: '200',
        ...saved,
        cuit: String(input.cuit),
        unlinkedCuit: '27284561231',
      }),
    });
    renderRoutes(routes, '/ar/es/edit-afip-data');
    const cuit = await screen.findByLabelText(/^Número de CUIT/, {}, { timeout: 10_000 });
    await user.clear(cuit);
    await user.type(cuit, '20-12345678-6');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cambiaste tu CUIT: desvinculamos el certificado de AFIP del CUIT 27284561231',
    );
    expect(screen.getByRole('button', { name: 'Vincular AFIP' })).toBeVisible();
  });

  it("shows the server's refusal under the field it names, and stays on the form", async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'get-afip-data': { status: '200', ...saved },
      'update-afip-data': new ApiError(
        'E15',
        'El Punto de venta no puede ser superior a 99.',
        'puntoVenta',
        400,
      ),
    });
    renderRoutes(routes, '/ar/es/edit-afip-data');
    const pointOfSale = await screen.findByLabelText(/^Punto de venta/, {}, { timeout: 10_000 });
    expect(screen.getByLabelText(/^Número de CUIT/)).toHaveValue('27284561231');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El Punto de venta no puede ser superior a 99.')).toBeVisible();
    expect(pointOfSale).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Datos de facturación guardados.')).toBeNull();
  });

  it('offers a retry when the data cannot be loaded', async () => {
    answerActions(callMock, { 'get-afip-data': new Error('boom') });
    renderRoutes(routes, '/ar/es/edit-afip-data');
    expect(await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 10_000 })).toBeVisible();
  });
});

describe('fiscal form, mode 2 (a client, for the invoice popup)', { timeout: 60_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('offers every condition, resets the document to CUIT on a new condition, and shows the invoice type', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'get-afip-data': {
        status: '200',
        ...empty,
        userMode: 2,
        refContact: 'contact-ref-123',
        razonSocial: 'Martín Gómez',
        domicilioFiscal: 'Av. Santa Fe 2020',
        condicionIva: 5,
        docTipo: 96,
        cuit: '30111222',
        sellerCondicionIva: 1,
      },
    });
    renderWithProviders(<FiscalDataForm mode={2} refContact="contact-ref-123" />);
    expect(await screen.findByLabelText(/^Número de DNI/, {}, { timeout: 10_000 })).toHaveValue('30111222');
    expect(screen.queryByLabelText(/^Punto de venta/)).toBeNull();
    // spec 002 §4: a responsable inscripto invoices a consumidor final with a B.
    expect(screen.getByRole('status')).toHaveTextContent('Tipo de factura: B');

    const options = await openOptions(/Condición frente al IVA/);
    expect(options.map((o) => o.textContent)).toEqual([
      'Responsable Inscripto',
      'Sujeto Exento',
      'Consumidor Final',
      'Responsable Monotributo',
      'Monotributista Social',
    ]);
    await user.click(options[0] as HTMLElement);
    expect(screen.getByRole('textbox', { name: /Tipo de documento/ })).toHaveValue('CUIT');
    expect(screen.getByLabelText(/^Número de CUIT/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Tipo de factura: A');
  });
});
