import { z } from 'zod';
import { action, ok } from '../action.ts';
import { afipBillingErrors, updateAfipDataErrors } from '../rules/fiscal-data.ts';
import {
  AfipBillingInput,
  AfipData,
  AfipLink,
  afipBillingCodes,
  afipLinkCodes,
  afipPadronCodes,
  DatosPersona,
  FiscalRefContact,
  FiscalUserMode,
  fiscalContactCodes,
  IssuedInvoice,
  SaveAfipCertificateInput,
  SavedAfipData,
  UpdateAfipDataInput,
} from '../shapes/fiscal-data.ts';

/** spec 002 §7 update-afip-data (codes of §8); answers the fields as saved, as get-afip-data does. */
export const updateAfipData = action('update-afip-data', {
  input: UpdateAfipDataInput,
  output: ok(SavedAfipData.shape),
  errors: { ...updateAfipDataErrors, ...fiscalContactCodes },
});

/** spec 002 §7 get-afip-data: userMode, refContact; answers status, the fiscal fields and connectedOk. */
export const getAfipData = action('get-afip-data', {
  input: z.object({ userMode: FiscalUserMode, refContact: FiscalRefContact }),
  output: ok(AfipData.shape),
  errors: fiscalContactCodes,
});

/**
 * spec 002 §7 get-afip-padron: dni (a DNI of 7–8 digits or a CUIT/CUIL of 11, digits only, as the
 * form's field sends it; hyphens and dots are dropped). Answers datosPersona, searched through the
 * professional's own AFIP link.
 */
export const getAfipPadron = action('get-afip-padron', {
  input: z.object({
    dni: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : (v ?? '')),
        z.string({ error: 'E300' }).max(40, 'E300'),
      )
      .transform((v) => v.replace(/[\s.-]/g, ''))
      .pipe(
        z
          .string()
          .min(1, 'E1')
          .regex(/^(\d{7,8}|\d{11})$/, 'E300'),
      ),
  }),
  output: ok({ datosPersona: DatosPersona }),
  errors: afipPadronCodes,
});

/** Every step of linking AFIP answers the link's state, and may refuse with the same codes. */
const afipLinkAnswer = { output: ok(AfipLink.shape), errors: afipLinkCodes };

/** link-afip / connect-afip: the state of the professional's AFIP link. */
export const findAfipLink = action('find-afip-link', {
  input: z.object({}),
  ...afipLinkAnswer,
});

/** link-afip step 1: a new key and its CSR (PEM) for the saved CUIT; replaces any previous link. */
export const startAfipLink = action('start-afip-link', {
  input: z.object({}),
  ...afipLinkAnswer,
});

/** link-afip step 2: the certificate AFIP issued for the CSR, checked against the key and CUIT. */
export const saveAfipCertificate = action('save-afip-certificate', {
  input: SaveAfipCertificateInput,
  ...afipLinkAnswer,
});

/** Outside production only: the imitation signs a new CSR, so the demo links in one click (E8 otherwise). */
export const linkAfipImitation = action('link-afip-imitation', {
  input: z.object({}),
  ...afipLinkAnswer,
});

/**
 * spec 002 §7 afip-billing: issues the invoice of one sale with AFIP (Factura A, B or C by the
 * rule of §4) and answers the link to its PDF (the sales table's billLink). A sale already
 * invoiced answers its invoice again: a sale is never invoiced twice.
 */
export const afipBilling = action('afip-billing', {
  input: AfipBillingInput,
  output: ok({ link: z.string(), invoice: IssuedInvoice }),
  errors: { ...afipBillingErrors, ...afipBillingCodes },
});
