import { describe, expect, it } from 'vitest';
import { UpdateAfipDataInput } from '../shapes/fiscal-data.ts';
import {
  affiliateText,
  afipBillingErrors,
  fiscalDataProblems,
  fiscalErrorText,
  invoiceConcept,
  invoiceLetters,
  invoiceRequestProblems,
  invoiceTypeFor,
  isValidCuit,
  ivaConditionsFor,
  updateAfipDataErrors,
} from './fiscal-data.ts';

// Real, public CUITs (companies publish theirs on every invoice) and altered copies.
describe('CUIT/CUIL check digit (AFIP modulo 11)', () => {
  it.each([
    ['33693450239', 'AFIP itself', true],
    ['30500010912', 'Banco de la Nación Argentina', true],
    ['30546689979', 'YPF S.A.', true],
    ['30703088534', 'MercadoLibre S.R.L.', true],
    ['20123456786', 'a CUIL of DNI 12.345.678', true],
    ['33693450238', 'AFIP with the check digit altered', false],
    ['33693450249', 'AFIP with a middle digit altered', false],
    ['30500010913', 'Banco Nación altered', false],
    ['3369345023', 'ten digits', false],
    ['336934502399', 'twelve digits', false],
    ['33-69345023-9', 'with hyphens', false],
    ['', 'empty', false],
  ])('%s (%s) → %s', (cuit, _who, valid) => {
    expect(isValidCuit(cuit)).toBe(valid);
  });
});

describe('invoice type (spec 002 §4)', () => {
  it.each([
    [6, 1, 11, 'C'],
    [6, 5, 11, 'C'],
    [6, null, 11, 'C'],
    [1, 1, 1, 'A'],
    [1, 4, 6, 'B'],
    [1, 5, 6, 'B'],
    [1, 6, 6, 'B'],
    [1, 13, 6, 'B'],
    [1, null, 6, 'B'],
  ] as const)('professional %s, client %s → %s (%s)', (seller, client, type, letter) => {
    expect(invoiceTypeFor(seller, client)).toBe(type);
    expect(invoiceLetters[invoiceTypeFor(seller, client)]).toBe(letter);
  });
});

describe('invoice concept (spec 002 §5, §9)', () => {
  it.each([
    ['Sesión de\npsicoterapia', undefined, 'Sesión de psicoterapia'],
    ['  Sesión   individual \r\n\t online  ', undefined, 'Sesión individual online'],
    [
      'Sesión de psicoterapia',
      { plan: 'OSDE 210', number: '61234567801' },
      'Sesión de psicoterapia - ( Afiliado OSDE 210: 61234567801 )',
    ],
    // Prefilled by the popup with the text already: not appended twice.
    [
      'Sesión de psicoterapia - ( Afiliado OSDE 210: 61234567801 )',
      { plan: 'OSDE 210', number: '61234567801' },
      'Sesión de psicoterapia - ( Afiliado OSDE 210: 61234567801 )',
    ],
    ['Sesión', { plan: 'OSDE', number: '' }, 'Sesión'],
    ['Sesión', { plan: null, number: '123' }, 'Sesión'],
  ])('%j with %j → %j', (details, insurance, expected) => {
    expect(invoiceConcept(details, insurance)).toBe(expected);
  });

  it('writes the affiliate text exactly as the spec', () => {
    expect(affiliateText('Swiss Medical', '80 123')).toBe(' - ( Afiliado Swiss Medical: 80 123 )');
  });
});

const today = '2026-11-25';
const own = {
  userMode: 1 as const,
  razonSocial: 'Lucía Fernández',
  domicilioFiscal: 'Av. Corrientes 1234, 5º B, CABA',
  condicionIva: 6,
  docTipo: 80,
  cuit: '27284561231',
  puntoVenta: 1,
  fechaInicio: '2020-03-01',
};

function firstProblem(over: Record<string, unknown>) {
  const [first] = fiscalDataProblems({ ...own, ...over } as typeof own, today);
  return first ? [first.code, first.field] : null;
}

// spec 002 §8 update-afip-data: one row per code, with the field it highlights.
describe('update-afip-data (spec 002 §5, §8)', () => {
  it.each([
    ["the professional's data", {}, null],
    ['empty name in mode 1 (saved as ---)', { razonSocial: '' }, null],
    ['empty address in mode 1 (saved as ---)', { domicilioFiscal: '  ' }, null],
    ['punto de venta as text', { puntoVenta: '12' }, null],
    ['start of activities today', { fechaInicio: today }, null],
    ['empty name in mode 2', { userMode: 2, razonSocial: '', condicionIva: 5 }, ['E2', 'razonSocial']],
    ['name over 250', { razonSocial: 'a'.repeat(251) }, ['E3', 'razonSocial']],
    ['name of 250 after collapsing', { razonSocial: `${'a'.repeat(125)}\n\n${'b'.repeat(124)}` }, null],
    ['name with markup', { razonSocial: 'Lucía <b>' }, ['E4', 'razonSocial']],
    [
      'empty address in mode 2',
      { userMode: 2, domicilioFiscal: '', condicionIva: 5 },
      ['E5', 'domicilioFiscal'],
    ],
    ['address over 250', { domicilioFiscal: 'x'.repeat(251) }, ['E6', 'domicilioFiscal']],
    ['address with braces', { domicilioFiscal: 'Calle {1}' }, ['E7', 'domicilioFiscal']],
    ['no IVA condition', { condicionIva: null }, ['E8', 'condicionIva']],
    ['consumidor final is not offered in mode 1', { condicionIva: 5 }, ['E8', 'condicionIva']],
    ['no document type', { docTipo: null }, ['E9', 'docTipo']],
    ['DNI is not offered in mode 1', { docTipo: 96 }, ['E9', 'docTipo']],
    ['CUIL with monotributo (mode 2)', { userMode: 2, docTipo: 86, condicionIva: 6 }, ['E10', 'docTipo']],
    ['no CUIT', { cuit: ' ' }, ['E11', 'cuit']],
    // Issue 34: the usual spellings are taken; a wrong check digit is named as such.
    ['CUIT with hyphens', { cuit: '33-69345023-9' }, null],
    ['CUIT with spaces', { cuit: '33 69345023 9' }, null],
    ['CUIT with letters', { cuit: '33-6934502A-9' }, ['E12', 'cuit']],
    ['CUIT of ten digits', { cuit: '3369345023' }, ['E13', 'cuit']],
    ['CUIT with a wrong check digit', { cuit: '33693450238' }, ['E23', 'cuit']],
    ['CUIT with hyphens and a wrong check digit', { cuit: '20-12345678-0' }, ['E23', 'cuit']],
    ['no punto de venta', { puntoVenta: '' }, ['E14', 'puntoVenta']],
    ['punto de venta 100', { puntoVenta: 100 }, ['E15', 'puntoVenta']],
    ['punto de venta with letters', { puntoVenta: '1a' }, ['E16', 'puntoVenta']],
    ['punto de venta 0', { puntoVenta: 0 }, ['E16', 'puntoVenta']],
    ['no start of activities', { fechaInicio: '' }, ['E17', 'fechaInicio']],
    ['a date that does not exist', { fechaInicio: '2025-02-30' }, ['E17', 'fechaInicio']],
    ['start of activities tomorrow', { fechaInicio: '2026-11-26' }, ['E18', 'fechaInicio']],
    [
      'mode 2 needs no point of sale nor date',
      { userMode: 2, condicionIva: 5, puntoVenta: null, fechaInicio: '' },
      null,
    ],
    ['a consumidor final by CUIL', { userMode: 2, condicionIva: 5, docTipo: 86, cuit: '20123456786' }, null],
    ['a consumidor final by DNI', { userMode: 2, condicionIva: 5, docTipo: 96, cuit: '12345678' }, null],
    ['a DNI with dots', { userMode: 2, condicionIva: 5, docTipo: 96, cuit: '12.345.678' }, null],
    [
      'a DNI of 11 digits',
      { userMode: 2, condicionIva: 5, docTipo: 96, cuit: '20123456786' },
      ['E13', 'cuit'],
    ],
    ['no document at all', { userMode: 2, condicionIva: 5, docTipo: 0, cuit: '' }, null],
  ])('%s', (_name, over, expected) => {
    expect(firstProblem(over)).toEqual(expected);
  });

  it('has the Spanish text of every code, verbatim where the spec writes it', () => {
    expect(updateAfipDataErrors.E2?.es).toBe('Debes ingresar el Apellido y Nombre o Razón Social.');
    expect(updateAfipDataErrors.E3?.es).toBe(
      'El Apellido y Nombre o Razón Social no puede superar los 250 caracteres.',
    );
    expect(updateAfipDataErrors.E4?.es).toBe('solo acepta caracteres alfanúmericos');
    expect(updateAfipDataErrors.E5?.es).toBe('Debes ingresar el Domicilio comercial.');
    expect(updateAfipDataErrors.E8?.es).toBe('Debes seleccionar la Condición frente al IVA.');
    expect(updateAfipDataErrors.E9?.es).toBe('Debes seleccionar el Tipo de documento.');
    expect(updateAfipDataErrors.E10?.es).toBe(
      'El Tipo de documento no puede ser CUIL con la Condición frente al IVA seleccionada.',
    );
    expect(updateAfipDataErrors.E11?.es).toBe('Debes ingresar el CUIT');
    expect(updateAfipDataErrors.E12?.es).toBe('El CUIT debe estar formado por 11 números sin guiones.');
    expect(updateAfipDataErrors.E13?.es).toBe('El CUIT debe estar formado por 11 números sin guiones.');
    expect(updateAfipDataErrors.E23?.es).toBe(
      'El dígito verificador del CUIT no es correcto: revisa el número.',
    );
    expect(updateAfipDataErrors.E14?.es).toBe('Debes ingresar el Punto de venta.');
    expect(updateAfipDataErrors.E15?.es).toBe('El Punto de venta no puede ser superior a 99.');
    expect(updateAfipDataErrors.E17?.es).toBe('Debes ingresar la Fecha de Inicio de actividades.');
    for (const code of ['E6', 'E7', 'E16', 'E18']) expect(updateAfipDataErrors[code]?.es).toBeTruthy();
  });

  it('names the CUIL (or the DNI) when that is the document chosen', () => {
    expect(fiscalErrorText(updateAfipDataErrors, 'E11', 86)).toBe('Debes ingresar el CUIL');
    expect(fiscalErrorText(updateAfipDataErrors, 'E13', 86)).toBe(
      'El CUIL debe estar formado por 11 números sin guiones.',
    );
    expect(fiscalErrorText(updateAfipDataErrors, 'E12', 80)).toBe(
      'El CUIT debe estar formado por 11 números sin guiones.',
    );
    expect(fiscalErrorText(updateAfipDataErrors, 'E11', 96)).toBe('Debes ingresar el DNI');
    expect(fiscalErrorText(updateAfipDataErrors, 'E8', 86)).toBe(
      'Debes seleccionar la Condición frente al IVA.',
    );
  });

  it('offers 4, 5 and 13 only in mode 2', () => {
    expect(ivaConditionsFor(1).map((c) => c.id)).toEqual([1, 6]);
    expect(ivaConditionsFor(2).map((c) => c.id)).toEqual([1, 4, 5, 6, 13]);
  });
});

const invoice = {
  razonSocialCustomer: 'Martín Gómez',
  domicilioFiscalCustomer: 'Av. Santa Fe 2020, CABA',
  condicionIvaCustomer: 5,
  docTipoCustomer: 96,
  cuitCustomer: '30111222',
  invoiceDetails: 'Sesión de psicoterapia',
  userMail: 'consultante@agendo.test',
};

function firstInvoiceProblem(over: Record<string, unknown>) {
  const [first] = invoiceRequestProblems({ ...invoice, ...over } as typeof invoice);
  return first ? [first.code, first.field] : null;
}

// spec 002 §8 afip-billing: one row per code, with the field it highlights.
describe('afip-billing (spec 002 §5, §8)', () => {
  it.each([
    ['a consumidor final by DNI', {}, null],
    [
      'a responsable inscripto by CUIT',
      { condicionIvaCustomer: 1, docTipoCustomer: 80, cuitCustomer: '30546689979' },
      null,
    ],
    ['no name', { razonSocialCustomer: ' ' }, ['E2', 'razonSocialCustomer']],
    ['name over 250', { razonSocialCustomer: 'M'.repeat(251) }, ['E3', 'razonSocialCustomer']],
    ['name with an emoji', { razonSocialCustomer: 'Martín 😀' }, ['E4', 'razonSocialCustomer']],
    ['no address', { domicilioFiscalCustomer: '' }, ['E5', 'domicilioFiscalCustomer']],
    ['address over 250', { domicilioFiscalCustomer: 'A'.repeat(251) }, ['E6', 'domicilioFiscalCustomer']],
    ['address with markup', { domicilioFiscalCustomer: '<script>' }, ['E7', 'domicilioFiscalCustomer']],
    ['no IVA condition', { condicionIvaCustomer: null }, ['E8', 'condicionIvaCustomer']],
    ['an unknown IVA condition', { condicionIvaCustomer: 2 }, ['E8', 'condicionIvaCustomer']],
    ['no document type', { docTipoCustomer: null }, ['E9', 'docTipoCustomer']],
    ['an unknown document type', { docTipoCustomer: 99 }, ['E9', 'docTipoCustomer']],
    [
      'CUIL of a responsable inscripto',
      { condicionIvaCustomer: 1, docTipoCustomer: 86, cuitCustomer: '20123456786' },
      ['E10', 'docTipoCustomer'],
    ],
    ['no CUIT', { docTipoCustomer: 80, cuitCustomer: '' }, ['E11', 'cuitCustomer']],
    ['CUIT with hyphens', { docTipoCustomer: 80, cuitCustomer: '30-54668997-9' }, null],
    ['CUIT altered', { docTipoCustomer: 80, cuitCustomer: '30546689978' }, ['E23', 'cuitCustomer']],
    ['no concept', { invoiceDetails: '\n  \n' }, ['E14', 'invoiceDetails']],
    ['concept over 250', { invoiceDetails: 'x'.repeat(251) }, ['E15', 'invoiceDetails']],
    [
      'concept of 250 once collapsed',
      { invoiceDetails: `${'x'.repeat(200)}\n\n      ${'y'.repeat(49)}` },
      null,
    ],
    ['concept with markup', { invoiceDetails: 'Sesión <br>' }, ['E16', 'invoiceDetails']],
    ['no e-mail', { userMail: '' }, ['E19', 'userMail']],
    ['e-mail with a space', { userMail: 'martin gomez@agendo.test' }, ['E20', 'userMail']],
    ['e-mail without a domain', { userMail: 'martin@agendo' }, ['E21', 'userMail']],
  ])('%s', (_name, over, expected) => {
    expect(firstInvoiceProblem(over)).toEqual(expected);
  });

  it('has the Spanish text of every code, verbatim where the spec writes it', () => {
    expect(afipBillingErrors.E2).toMatchObject({
      es: 'Debes ingresar el Apellido y Nombre o Razón Social.',
      field: 'razonSocialCustomer',
    });
    expect(afipBillingErrors.E12?.field).toBe('cuitCustomer');
    expect(afipBillingErrors.E14?.es).toBe('Debes ingresar el concepto de venta.');
    for (const code of ['E19', 'E20', 'E21'])
      expect(afipBillingErrors[code]?.es).toBe('El mail no parece ser válido.');
    for (const code of ['E15', 'E16', 'E200']) expect(afipBillingErrors[code]?.es).toBeTruthy();
  });
});

describe('update-afip-data on the wire (spec 002 §7)', () => {
  it('reads codes and the point of sale sent as numbers or as digit strings', () => {
    for (const wire of [
      { ...own, condicionIva: 6, docTipo: 80, puntoVenta: 1, userMode: 1 },
      { ...own, condicionIva: '6', docTipo: '80', puntoVenta: '01', userMode: '1', refContact: '' },
    ]) {
      const parsed = UpdateAfipDataInput.safeParse(wire);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({ condicionIva: 6, docTipo: 80, userMode: 1 });
    }
  });

  it('stores the digits of a CUIT written with dashes or spaces (issue 34)', () => {
    expect(UpdateAfipDataInput.parse({ ...own, cuit: '27-28456123-1' }).cuit).toBe('27284561231');
    expect(UpdateAfipDataInput.parse({ ...own, cuit: ' 27 28456123 1 ' }).cuit).toBe('27284561231');
  });

  it('answers the first problem in the order of the form, on its field', () => {
    const parsed = UpdateAfipDataInput.safeParse({ ...own, cuit: '33693450238', puntoVenta: 120 });
    expect(parsed.error?.issues.map((i) => [i.message, i.path[0]])).toEqual([
      ['E23', 'cuit'],
      ['E15', 'puntoVenta'],
    ]);
  });
});
