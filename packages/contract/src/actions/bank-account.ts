import { z } from 'zod';
import { action, ok } from '../action.ts';
import { UpdateUserBankInput, updateUserBankErrors } from '../rules/bank-data.ts';

/** spec 002 §3 "Bank account", read back as bankCode, accountType, account, name, lastname, userAliasBank. */
const UserBank = z.object({
  country: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountType: z.string().nullable(),
  currency: z.string(),
  account: z.string(),
  name: z.string(),
  lastname: z.string(),
  userAliasBank: z.string().nullable(),
});
export type UserBank = z.infer<typeof UserBank>;

/**
 * spec 002 §7 find-user-bank: the signed-in professional's own account (null when none yet),
 * and the country of their address (null when no address is set: 'Debes primero configurar tu
 * domicilio.').
 */
export const findUserBank = action('find-user-bank', {
  input: z.object({}),
  output: ok({ bank: UserBank.nullable(), userCountry: z.number().int().nullable() }),
});

/** spec 002 §7 find-banks-names (userCountry): the country's banks as id (code) and name. */
export const findBanksNames = action('find-banks-names', {
  input: z.object({
    userCountry: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.number({ error: 'E20' }).int('E20'),
    ),
  }),
  output: ok({ banks: z.array(z.object({ id: z.string(), name: z.string() })) }),
  errors: { E20: updateUserBankErrors.E20 },
});

/** spec 002 §7 update-user-bank: the signed-in professional's own account, codes E10–E70. */
export const updateUserBank = action('update-user-bank', {
  input: UpdateUserBankInput,
  output: ok({ bank: UserBank }),
  errors: updateUserBankErrors,
});
