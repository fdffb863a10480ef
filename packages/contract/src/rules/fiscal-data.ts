import type { ErrorCatalogue } from '../action.ts';

// spec 002 §3 "Fiscal data", "Invoice request"; §4 "Fiscal form"; §5 "Fiscal data and invoice";
// §8 update-afip-data and afip-billing. Free of zod: the invoice popup and the fiscal form read
// these rules without downloading a schema library.

/** spec 002 §6: userMode 1 is the professional's own data, 2 a client's (the invoice popup). */
export type FiscalMode = 1 | 2;

/** spec 002 §5 IVA condition options. */
export const ivaConditions = [
  { id: 1, name: 'Responsable Inscripto' },
  { id: 4, name: 'Sujeto Exento' },
  { id: 5, name: 'Consumidor Final' },
  { id: 6, name: 'Responsable Monotributo' },
  { id: 13, name: 'Monotributista Social' },
] as const;
export type IvaCondition = (typeof ivaConditions)[number]['id'];

/** spec 002 §5: only mode 2 (a client) shows 4, 5 and 13; the professional invoices as 1 or 6. */
export function ivaConditionsFor(mode: FiscalMode) {
  return mode === 1 ? ivaConditions.filter((c) => c.id === 1 || c.id === 6) : ivaConditions;
}

/** spec 002 §5 document type options (AFIP's codes). */
export const docTypes = [
  { id: 80, name: 'CUIT' },
  { id: 86, name: 'CUIL' },
  { id: 96, name: 'DNI' },
  { id: 0, name: 'Sin documento' },
] as const;
export type DocType = (typeof docTypes)[number]['id'];

/**
 * The document types each mode offers. The professional issues invoices under a CUIT (AFIP
 * requires one to invoice); a client may be identified by any of the four.
 */
export function docTypesFor(mode: FiscalMode) {
  return mode === 1 ? docTypes.filter((d) => d.id === 80) : docTypes;
}

/** spec 002 §4: choosing an IVA condition sets the document type to 80 (CUIT). */
export const docTypeForCondition: DocType = 80;

/** spec 002 §9: the default point of sale. */
export const defaultPuntoVenta = 1;
/** spec 002 §5: point of sale at most 2 characters in the input, at most 99 on the server. */
export const puntoVentaMax = 99;
/** spec 002 §5: business name, address and invoice concept at most 250 characters. */
export const fiscalTextMax = 250;
/** spec 002 §5: in mode 1 an empty business name or address is saved as '---'. */
export const fiscalEmptyText = '---';

/**
 * CUIT/CUIL check digit (AFIP's modulo 11): weights 5,4,3,2,7,6,5,4,3,2 over the first ten
 * digits; 11 minus the remainder is the eleventh digit (11 gives 0; 10 never happens on a
 * number AFIP issues, it changes the prefix to 23/33 instead).
 */
export function isValidCuit(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(value[10]);
}

/**
 * spec 002 §4: the professional's condition 6 (monotributo) gives a Factura C (11); otherwise a
 * client in condition 1 (responsable inscripto) gets an A (1), anybody else a B (6).
 */
export function invoiceTypeFor(sellerCondition: number, clientCondition: number | null): 1 | 6 | 11 {
  if (sellerCondition === 6) return 11;
  if (clientCondition === 1) return 1;
  return 6;
}

/** spec 002 §5: A (1), B (6), C (11). */
export const invoiceLetters: Readonly<Record<1 | 6 | 11, 'A' | 'B' | 'C'>> = { 1: 'A', 6: 'B', 11: 'C' };

/** spec 002 §5: newlines and repeated spaces collapse to single spaces. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** spec 002 §9: ' - ( Afiliado {plan}: {number} )' when the contact has health insurance and its number. */
export function affiliateText(plan: string | null | undefined, number: string | null | undefined): string {
  const p = collapseSpaces(plan ?? '');
  const n = collapseSpaces(number ?? '');
  return p && n ? ` - ( Afiliado ${p}: ${n} )` : '';
}

/**
 * The invoice concept as issued: whitespace collapsed, the affiliate text appended once (a
 * concept that already ends with it, as the popup prefills it, is not given it twice).
 */
export function invoiceConcept(
  details: string,
  insurance?: { plan: string | null | undefined; number: string | null | undefined },
): string {
  const text = collapseSpaces(details);
  const suffix = affiliateText(insurance?.plan, insurance?.number);
  if (!suffix || text.endsWith(suffix.trim())) return text;
  return `${text}${suffix}`;
}

/**
 * Characters a business name, an address or a concept may hold ('solo acepta caracteres
 * alfanúmericos'): letters, digits, spaces and the punctuation of names and addresses (º, °, ª
 * for floors and numbers). Markup characters, control characters and emoji are refused: AFIP's
 * services and the PDF would print them as garbage.
 */
const fiscalTextChars = /^[\p{L}\p{M}\p{N} .,;:&'"()/º°ª#+\-_%@!?¿¡*$]*$/u;

export function isFiscalText(text: string): boolean {
  return fiscalTextChars.test(text);
}

/** A calendar date 'YYYY-MM-DD' that exists. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The fields update-afip-data and the invoice popup share (spec 002 §3 "Fiscal data"). */
export interface PartyFiscalFields {
  razonSocial: string;
  domicilioFiscal: string;
  condicionIva: number | null;
  docTipo: number | null;
  cuit: string;
}

type PartyField = keyof PartyFiscalFields;
type PartyCode =
  | 'E2'
  | 'E3'
  | 'E4'
  | 'E5'
  | 'E6'
  | 'E7'
  | 'E8'
  | 'E9'
  | 'E10'
  | 'E11'
  | 'E12'
  | 'E13'
  | 'E23';

/**
 * A CUIT, CUIL or DNI as people write it ('20-12345678-6', '20 12345678 6', '12.345.678'): the
 * separators go, the digits stay. What update-afip-data stores and afip-billing sends to AFIP.
 */
export function documentDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/**
 * The identity checks shared by update-afip-data and afip-billing (spec 002 §8 E2–E13, and E23
 * for a check digit that does not match, which the spec does not name), the
 * first failing one of each field, in the form's order. `mode` 1 allows an empty name or address
 * (saved as '---') and offers only its own conditions and CUIT.
 */
export function partyFiscalProblems(
  data: PartyFiscalFields,
  mode: FiscalMode,
): { code: PartyCode; field: PartyField }[] {
  const out: { code: PartyCode; field: PartyField }[] = [];
  const name = collapseSpaces(data.razonSocial);
  if (!name && mode === 2) out.push({ code: 'E2', field: 'razonSocial' });
  else if (name.length > fiscalTextMax) out.push({ code: 'E3', field: 'razonSocial' });
  else if (!isFiscalText(name)) out.push({ code: 'E4', field: 'razonSocial' });

  const address = collapseSpaces(data.domicilioFiscal);
  if (!address && mode === 2) out.push({ code: 'E5', field: 'domicilioFiscal' });
  else if (address.length > fiscalTextMax) out.push({ code: 'E6', field: 'domicilioFiscal' });
  else if (!isFiscalText(address)) out.push({ code: 'E7', field: 'domicilioFiscal' });

  const conditions: readonly number[] = ivaConditionsFor(mode).map((c) => c.id);
  const condition = data.condicionIva;
  if (condition === null || !conditions.includes(condition)) {
    out.push({ code: 'E8', field: 'condicionIva' });
  }

  const types: readonly number[] = docTypesFor(mode).map((d) => d.id);
  const docTipo = data.docTipo;
  if (docTipo === null || !types.includes(docTipo)) {
    out.push({ code: 'E9', field: 'docTipo' });
    return out;
  }
  // A CUIL belongs to a person without a CUIT: only a consumidor final is invoiced under it.
  if (docTipo === 86 && condition !== null && condition !== 5) {
    out.push({ code: 'E10', field: 'docTipo' });
    return out;
  }
  const number = documentDigits(data.cuit);
  if (docTipo === 0) return out;
  // E12 other characters than digits and separators; E13 the wrong count of digits; E23 the
  // check digit (issue 34: it used to read as a shape error, which sent people hunting hyphens).
  const length = docTipo === 96 ? /^\d{7,8}$/ : /^\d{11}$/;
  if (!number) out.push({ code: 'E11', field: 'cuit' });
  else if (!/^\d+$/.test(number)) out.push({ code: 'E12', field: 'cuit' });
  else if (!length.test(number)) out.push({ code: 'E13', field: 'cuit' });
  else if (docTipo !== 96 && !isValidCuit(number)) out.push({ code: 'E23', field: 'cuit' });
  return out;
}

/** What update-afip-data checks (spec 002 §7). Numbers arrive as numbers or digit strings. */
export interface FiscalDataFields extends PartyFiscalFields {
  puntoVenta: number | string | null;
  fechaInicio: string;
  userMode: FiscalMode;
}

type FiscalField = PartyField | 'puntoVenta' | 'fechaInicio';
export type UpdateAfipDataCode = PartyCode | 'E14' | 'E15' | 'E16' | 'E17' | 'E18';

/**
 * spec 002 §5 and §8 update-afip-data: the identity (E2–E13) and, for the professional's own
 * data (mode 1), the point of sale (E14–E16) and the start of activities (E17–E18). `today` is
 * 'YYYY-MM-DD' where the check runs.
 */
export function fiscalDataProblems(
  data: FiscalDataFields,
  today: string,
): { code: UpdateAfipDataCode; field: FiscalField }[] {
  const out: { code: UpdateAfipDataCode; field: FiscalField }[] = partyFiscalProblems(data, data.userMode);
  if (data.userMode !== 1) return out;
  const pv = data.puntoVenta === null ? '' : String(data.puntoVenta).trim();
  if (!pv) out.push({ code: 'E14', field: 'puntoVenta' });
  else if (!/^\d+$/.test(pv) || Number(pv) < 1) out.push({ code: 'E16', field: 'puntoVenta' });
  else if (Number(pv) > puntoVentaMax) out.push({ code: 'E15', field: 'puntoVenta' });
  const start = data.fechaInicio.trim();
  if (!isCalendarDate(start)) out.push({ code: 'E17', field: 'fechaInicio' });
  else if (start > today) out.push({ code: 'E18', field: 'fechaInicio' });
  return out;
}

/** What afip-billing checks before asking AFIP (spec 002 §3 "Invoice request"). */
export interface InvoiceRequestFields {
  razonSocialCustomer: string;
  domicilioFiscalCustomer: string;
  condicionIvaCustomer: number | null;
  docTipoCustomer: number | null;
  cuitCustomer: string;
  invoiceDetails: string;
  userMail: string;
}

type InvoiceField =
  | 'razonSocialCustomer'
  | 'domicilioFiscalCustomer'
  | 'condicionIvaCustomer'
  | 'docTipoCustomer'
  | 'cuitCustomer'
  | 'invoiceDetails'
  | 'userMail';
export type AfipBillingCode = PartyCode | 'E14' | 'E15' | 'E16' | 'E19' | 'E20' | 'E21';

const customerField: Record<PartyField, InvoiceField> = {
  razonSocial: 'razonSocialCustomer',
  domicilioFiscal: 'domicilioFiscalCustomer',
  condicionIva: 'condicionIvaCustomer',
  docTipo: 'docTipoCustomer',
  cuit: 'cuitCustomer',
};

/**
 * spec 002 §8 afip-billing: the client's identity as in mode 2 (E2–E13), the concept (E14–E16,
 * 250 characters once whitespace is collapsed) and the e-mail the invoice is sent to (E19–E21).
 */
export function invoiceRequestProblems(
  data: InvoiceRequestFields,
): { code: AfipBillingCode; field: InvoiceField }[] {
  const out: { code: AfipBillingCode; field: InvoiceField }[] = partyFiscalProblems(
    {
      razonSocial: data.razonSocialCustomer,
      domicilioFiscal: data.domicilioFiscalCustomer,
      condicionIva: data.condicionIvaCustomer,
      docTipo: data.docTipoCustomer,
      cuit: data.cuitCustomer,
    },
    2,
  ).map((p) => ({ code: p.code, field: customerField[p.field] }));
  const concept = collapseSpaces(data.invoiceDetails);
  if (!concept) out.push({ code: 'E14', field: 'invoiceDetails' });
  else if (concept.length > fiscalTextMax) out.push({ code: 'E15', field: 'invoiceDetails' });
  else if (!isFiscalText(concept)) out.push({ code: 'E16', field: 'invoiceDetails' });
  const mail = data.userMail.trim();
  if (!mail) out.push({ code: 'E19', field: 'userMail' });
  else if (mail.length > 254 || /\s/.test(mail)) out.push({ code: 'E20', field: 'userMail' });
  else if (!/^[^@]+@[^@]+\.[^@.]{2,}$/.test(mail)) out.push({ code: 'E21', field: 'userMail' });
  return out;
}

const lengthName = {
  es: 'El Apellido y Nombre o Razón Social no puede superar los 250 caracteres.',
  en: 'The name or business name cannot be longer than 250 characters.',
};
const alphanumeric = {
  es: 'solo acepta caracteres alfanúmericos',
  en: 'only accepts alphanumeric characters',
};
const cuitShape = {
  es: 'El CUIT debe estar formado por 11 números sin guiones.',
  en: 'The CUIT must be 11 digits without hyphens.',
};

/** spec 002 §8: the codes update-afip-data and afip-billing share (E2–E13), by their own field names. */
function partyCatalogue(fields: Record<PartyField, string>): ErrorCatalogue {
  return {
    E2: {
      es: 'Debes ingresar el Apellido y Nombre o Razón Social.',
      en: 'Enter the name or business name.',
      field: fields.razonSocial,
    },
    E3: { ...lengthName, field: fields.razonSocial },
    E4: { ...alphanumeric, field: fields.razonSocial },
    E5: {
      es: 'Debes ingresar el Domicilio comercial.',
      en: 'Enter the business address.',
      field: fields.domicilioFiscal,
    },
    E6: {
      es: 'El Domicilio comercial no puede superar los 250 caracteres.',
      en: 'The business address cannot be longer than 250 characters.',
      field: fields.domicilioFiscal,
    },
    E7: { ...alphanumeric, field: fields.domicilioFiscal },
    E8: {
      es: 'Debes seleccionar la Condición frente al IVA.',
      en: 'Choose the VAT condition.',
      field: fields.condicionIva,
    },
    E9: {
      es: 'Debes seleccionar el Tipo de documento.',
      en: 'Choose the document type.',
      field: fields.docTipo,
    },
    E10: {
      es: 'El Tipo de documento no puede ser CUIL con la Condición frente al IVA seleccionada.',
      en: 'The document type cannot be CUIL with the chosen VAT condition.',
      field: fields.docTipo,
    },
    E11: { es: 'Debes ingresar el CUIT', en: 'Enter the CUIT', field: fields.cuit },
    E12: { ...cuitShape, field: fields.cuit },
    E13: { ...cuitShape, field: fields.cuit },
    E23: {
      es: 'El dígito verificador del CUIT no es correcto: revisa el número.',
      en: 'The check digit of the CUIT is wrong: check the number.',
      field: fields.cuit,
    },
  };
}

/** spec 002 §8 update-afip-data (400). */
export const updateAfipDataErrors: ErrorCatalogue = {
  ...partyCatalogue({
    razonSocial: 'razonSocial',
    domicilioFiscal: 'domicilioFiscal',
    condicionIva: 'condicionIva',
    docTipo: 'docTipo',
    cuit: 'cuit',
  }),
  E14: { es: 'Debes ingresar el Punto de venta.', en: 'Enter the point of sale.', field: 'puntoVenta' },
  E15: {
    es: 'El Punto de venta no puede ser superior a 99.',
    en: 'The point of sale cannot be greater than 99.',
    field: 'puntoVenta',
  },
  E16: {
    es: 'El Punto de venta solo acepta números del 1 al 99.',
    en: 'The point of sale only accepts numbers from 1 to 99.',
    field: 'puntoVenta',
  },
  E17: {
    es: 'Debes ingresar la Fecha de Inicio de actividades.',
    en: 'Enter the start date of activities.',
    field: 'fechaInicio',
  },
  E18: {
    es: 'La Fecha de Inicio de actividades no puede ser posterior a hoy.',
    en: 'The start date of activities cannot be later than today.',
    field: 'fechaInicio',
  },
};

const mailInvalid = {
  es: 'El mail no parece ser válido.',
  en: 'The e-mail does not look valid.',
  field: 'userMail',
};

/** spec 002 §8 afip-billing (400); E200 carries the server's (AFIP's) message instead of this one. */
export const afipBillingErrors: ErrorCatalogue = {
  ...partyCatalogue(customerField),
  E14: {
    es: 'Debes ingresar el concepto de venta.',
    en: 'Enter the concept of the sale.',
    field: 'invoiceDetails',
  },
  E15: {
    es: 'El concepto de venta no puede superar los 250 caracteres.',
    en: 'The concept cannot be longer than 250 characters.',
    field: 'invoiceDetails',
  },
  E16: { ...alphanumeric, field: 'invoiceDetails' },
  E19: mailInvalid,
  E20: mailInvalid,
  E21: mailInvalid,
  E200: { es: 'No se pudo emitir la factura.', en: 'The invoice could not be issued.' },
};

/**
 * spec 002 §8 E11–E13 '(or CUIL)': the number's messages name the document type chosen.
 * Answers the Spanish text of a code of `catalogue` for that document type.
 */
export function fiscalErrorText(
  catalogue: ErrorCatalogue,
  code: string,
  docTipo: number | null,
): string | undefined {
  const text = catalogue[code]?.es;
  if (!text || !['E11', 'E12', 'E13', 'E23'].includes(code)) return text;
  if (docTipo === 86) return text.replace('CUIT', 'CUIL');
  if (docTipo === 96) {
    return code === 'E11'
      ? 'Debes ingresar el DNI'
      : 'El DNI debe estar formado por 7 u 8 números sin puntos.';
  }
  return text;
}
