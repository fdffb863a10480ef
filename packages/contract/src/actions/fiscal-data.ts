import { z } from 'zod';
import { action, ok } from '../action.ts';
import { updateAfipDataErrors } from '../rules/fiscal-data.ts';
import {
  AfipData,
  afipPadronCodes,
  DatosPersona,
  FiscalRefContact,
  FiscalUserMode,
  fiscalContactCodes,
  UpdateAfipDataInput,
} from '../shapes/fiscal-data.ts';

/** spec 002 §7 update-afip-data (codes of §8); answers the fields as saved, as get-afip-data does. */
export const updateAfipData = action('update-afip-data', {
  input: UpdateAfipDataInput,
  output: ok(AfipData.shape),
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
