import { z } from 'zod';
import type { ErrorCatalogue, ErrorEntry } from '../action.ts';
import { documentDigits, fiscalDataProblems, invoiceRequestProblems } from '../rules/fiscal-data.ts';

/** Digits as text ('6', '80'), as forms post them, read as the number the spec means. */
const wireNumber = (value: unknown) => {
  if (typeof value === 'string')
    return /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value.trim() ? value : null;
  return value ?? null;
};
/** A code or amount that may come as digits, empty or null (null then); `code` when it is not a whole number. */
const wireInt = (code: string) =>
  z.preprocess(wireNumber, z.number({ error: code }).int(code).nullable()).default(null);
/**
 * A CUIT or CUIL as text, whether posted as text or as a number ('' when absent), its dashes,
 * spaces and dots dropped: '20-12345678-6' is stored as 20123456786 (issue 34).
 */
const cuitText = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : (v ?? '')),
    z.string({ error: 'E12' }).max(40, 'E12').transform(documentDigits),
  )
  .default('');
/** A text field that may come empty or null; the rules decide whether empty is allowed. */
const text = (code: string) =>
  z.preprocess((v) => v ?? '', z.string({ error: code }).max(2000, code)).default('');

export const FiscalUserMode = z
  .preprocess(wireNumber, z.union([z.literal(1), z.literal(2)], { error: 'E1' }))
  .default(1);
/** The contact of mode 2 ('' in mode 1, as the spec posts it). */
export const FiscalRefContact = z
  .preprocess((v) => v ?? '', z.string({ error: 'E90' }).trim().max(64, 'E90'))
  .default('');

export const fiscalContactCodes: ErrorCatalogue = {
  E90: { es: 'No encontramos al consultante.', en: 'Contact not found.', field: 'refContact' },
  // spec 001 §6: a team member without the 'invoice' permission.
  E403: {
    es: 'No tienes permisos suficientes para emitir facturas.',
    en: 'You are not allowed to issue invoices.',
  },
};

/**
 * spec 002 §7 update-afip-data: razonSocial, domicilioFiscal, condicionIva, docTipo, cuit,
 * puntoVenta, fechaInicio, userMode, refContact, checked by the rules of §5 (codes of §8). Codes
 * and numbers arrive as numbers or digit strings; the CUIT as text (a number would do too).
 */
export const UpdateAfipDataInput = z
  .object({
    userMode: FiscalUserMode,
    refContact: FiscalRefContact,
    razonSocial: text('E3'),
    domicilioFiscal: text('E6'),
    condicionIva: wireInt('E8'),
    docTipo: wireInt('E9'),
    cuit: cuitText,
    puntoVenta: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z.union([z.number().int('E16'), z.string().max(10, 'E16')], { error: 'E16' }).nullable(),
      )
      .default(null),
    fechaInicio: text('E17'),
  })
  .superRefine((data, ctx) => {
    // spec 002 §5 "Start-of-activity date must not be later than today": the server's calendar
    // day in Argentina, where every AFIP taxpayer is.
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    for (const problem of fiscalDataProblems(data, today)) {
      ctx.addIssue({ code: 'custom', message: problem.code, path: [problem.field] });
    }
  });
export type UpdateAfipDataInput = z.infer<typeof UpdateAfipDataInput>;

/** spec 002 §3 "Fiscal data" as read back: the professional's own, or a contact's. */
export const AfipData = z.object({
  userMode: z.union([z.literal(1), z.literal(2)]),
  refContact: z.string(),
  razonSocial: z.string(),
  domicilioFiscal: z.string(),
  condicionIva: z.number().int().nullable(),
  docTipo: z.number().int().nullable(),
  cuit: z.string(),
  /** Mode 1 only (null in mode 2). */
  puntoVenta: z.number().int().nullable(),
  fechaInicio: z.string().nullable(),
  /** Whether these fields were ever saved (a contact's are prefilled from the contact otherwise). */
  saved: z.boolean(),
  /** The professional's own condition, which fixes the invoice type (spec 002 §4). */
  sellerCondicionIva: z.number().int().nullable(),
  /** spec 002 §3: whether the tax-authority service is linked and a login works. */
  connectedOk: z.boolean(),
  /** Mode 2: the contact's health insurance, for the affiliate text of the concept (spec 002 §9). */
  insurance: z.object({ plan: z.string(), number: z.string() }).nullable(),
  /** Mode 2: the contact's e-mail, where the invoice is sent. */
  userMail: z.string().nullable(),
});
export type AfipData = z.infer<typeof AfipData>;

/**
 * update-afip-data's answer: the data as saved and, when the professional's CUIT changed while
 * AFIP was linked (or a CSR was pending) for the old one, that old CUIT: the link was removed
 * with the save (issue 34), and the screen says so.
 */
export const SavedAfipData = AfipData.extend({ unlinkedCuit: z.string().nullable() });
export type SavedAfipData = z.infer<typeof SavedAfipData>;

/** spec 002 §5/§8 get-afip-padron: what the registry search may answer besides the person. */
export const afipPadronCodes: ErrorCatalogue = {
  E1: {
    es: 'Debes ingresar el DNI o CUIT de la persona.',
    en: "Enter the person's DNI or CUIT.",
    field: 'dni',
  },
  // spec 002 §8: status 300 for a number that cannot be a document.
  E300: {
    es: 'El número de documento ingresado no es correcto.',
    en: 'The document number is not valid.',
    field: 'dni',
    status: 300,
  },
  // spec 002 §8: 400 when connected but the registry knows no such person.
  E400: {
    es: 'No se encontró ninguna persona con ese número de documento.',
    en: 'No person was found with that document number.',
    field: 'dni',
  },
  // spec 002 §8 "400 with E2 means not connected" (as get-afip-data in the original).
  E2: {
    es: 'Para emitir facturas primero debes cargar tus datos de facturación y vincular tu cuenta de AFIP.',
    en: 'To issue invoices, first enter your billing details and link your AFIP account.',
  },
  // The registry did not answer (AFIP down or slow): try later, nothing is wrong with the number.
  E503: {
    es: 'No pudimos consultar el padrón de AFIP. Intenta nuevamente en unos minutos.',
    en: "We could not reach AFIP's registry. Try again in a few minutes.",
    status: 503,
  },
  E403: fiscalContactCodes.E403 as ErrorEntry,
};

/** spec 002 §3 "Tax registry person lookup". */
export const DatosPersona = z.object({
  tipoClave: z.enum(['CUIT', 'CUIL', 'DNI']),
  nombre: z.string(),
  apellido: z.string(),
  idPersona: z.string(),
  domicilioFiscal: z.object({
    direccion: z.string(),
    localidad: z.string(),
    descripcionProvincia: z.string(),
  }),
});
export type DatosPersona = z.infer<typeof DatosPersona>;

/**
 * The AFIP link (issue 15, spec 000 §2.2 link-afip / connect-afip): none, a CSR waiting for the
 * certificate AFIP issues for it, or linked. Never the key nor the certificate.
 */
export const AfipLink = z.object({
  state: z.enum(['none', 'csr', 'linked']),
  cuit: z.string(),
  csrPem: z.string(),
  certificateExpiresAt: z.string().nullable(),
  /** A WSAA login with the linked certificate works now (connect-afip). */
  connectedOk: z.boolean(),
  /** The app talks to its AFIP imitation (never in production): the demo may link in one click. */
  imitation: z.boolean(),
});
export type AfipLink = z.infer<typeof AfipLink>;

export const afipLinkCodes: ErrorCatalogue = {
  E2: {
    es: 'Primero debes guardar tus datos de facturación con tu CUIT.',
    en: 'First save your billing details with your CUIT.',
  },
  E3: {
    es: 'Primero debes generar el pedido de certificado (CSR).',
    en: 'First generate the certificate request (CSR).',
  },
  E4: {
    es: 'El archivo no es un certificado válido. Debe ser el certificado (.crt o .pem) que descargaste de AFIP.',
    en: 'This is not a valid certificate. Use the certificate (.crt or .pem) you downloaded from AFIP.',
    field: 'certificate',
  },
  E5: {
    es: 'El certificado no corresponde al último pedido (CSR) generado. Sube el certificado emitido para ese pedido.',
    en: 'The certificate does not match the last request (CSR). Upload the one issued for it.',
    field: 'certificate',
  },
  E6: {
    es: 'El certificado pertenece a otro CUIT.',
    en: 'The certificate belongs to another CUIT.',
    field: 'certificate',
  },
  E7: { es: 'El certificado está vencido.', en: 'The certificate has expired.', field: 'certificate' },
  E8: {
    es: 'La vinculación automática solo está disponible en el entorno de prueba.',
    en: 'One-click linking is only available in the test environment.',
  },
  E403: fiscalContactCodes.E403 as ErrorEntry,
};

/** The certificate as PEM text in the JSON body (a .crt file read by the browser, or pasted). */
export const SaveAfipCertificateInput = z.object({
  certificate: z.preprocess((v) => v ?? '', z.string({ error: 'E4' }).trim().min(1, 'E4').max(20_000, 'E4')),
});

/**
 * spec 002 §3 "Invoice request" / §7 afip-billing: the client's fiscal data as the popup shows it
 * (mode 2), the sale (bookingId: the sales table row's ref), the concept, the price and the
 * e-mail the invoice is sent to. invoiceType is what the popup showed; the server fixes the type
 * by the rule of §4 from the saved data, whatever is sent. invoicePrice is in minor units (ARS
 * cents) and defaults to the sale's final amount.
 */
export const AfipBillingInput = z
  .object({
    bookingId: z.preprocess((v) => v ?? '', z.string({ error: 'E90' }).trim().max(64, 'E90')),
    razonSocialCustomer: text('E3'),
    domicilioFiscalCustomer: text('E6'),
    condicionIvaCustomer: wireInt('E8'),
    docTipoCustomer: wireInt('E9'),
    cuitCustomer: cuitText,
    invoiceType: wireInt('E1'),
    invoiceDetails: text('E15'),
    invoicePrice: wireInt('E22'),
    userMail: text('E20'),
  })
  .superRefine((data, ctx) => {
    for (const problem of invoiceRequestProblems(data)) {
      ctx.addIssue({ code: 'custom', message: problem.code, path: [problem.field] });
    }
  });
export type AfipBillingInput = z.infer<typeof AfipBillingInput>;

/** An issued invoice as the sales table and the popup show it. */
export const IssuedInvoice = z.object({
  ref: z.string(),
  /** A, B or C (CbteTipo 1, 6, 11). */
  letter: z.enum(['A', 'B', 'C']),
  voucherType: z.union([z.literal(1), z.literal(6), z.literal(11)]),
  pointOfSale: z.number().int(),
  number: z.number().int(),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  totalMinor: z.number().int(),
  cae: z.string(),
  caeExpiry: z.string(),
});
export type IssuedInvoice = z.infer<typeof IssuedInvoice>;

/**
 * spec 002 §8 afip-billing: E2–E21 are the rules' (rules/fiscal-data.ts); E200 carries the
 * server's message (AFIP's refusal or why the sale cannot be invoiced), which replaces this
 * catalogue's text in the answer.
 */
export const afipBillingCodes: ErrorCatalogue = {
  E22: {
    es: 'El precio de la factura debe ser mayor a cero y no superar el de la venta.',
    en: 'The invoice amount must be above zero and not exceed the sale.',
    field: 'invoicePrice',
  },
  E30: afipPadronCodes.E2 as ErrorEntry,
  E90: { es: 'No encontramos la venta.', en: 'Sale not found.', field: 'bookingId' },
  E403: fiscalContactCodes.E403 as ErrorEntry,
};
