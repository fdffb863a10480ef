import { z } from 'zod';
import { action, ok } from '../action.ts';
import { updateAfipDataErrors } from '../rules/fiscal-data.ts';
import {
  AfipData,
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
