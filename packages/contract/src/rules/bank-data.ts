import { z } from 'zod';
import { isValidCbu, isValidClabe, isValidIban } from './account-numbers.ts';
import { bankAccountLabel, bankCountryIds } from './bank-labels.ts';

/** spec 002 §5: the type selector shows only for Chile, Colombia and Peru, with these types. */
export const bankAccountTypes: Readonly<Record<number, readonly string[]>> = {
  81: ['C', 'S', 'M', 'V'],
  89: ['C', 'S', 'M'],
  82: ['C', 'S'],
};

/** The currencies a bank account of each country may hold. */
const bankCurrencies: Record<number, readonly string[]> = {
  5: ['ARS', 'USD'],
  89: ['PEN', 'USD'],
  82: ['COP', 'USD'],
  111: ['UYU', 'USD'],
  103: ['UYU', 'USD'],
  12: ['BRL'],
  42: ['MXN', 'USD'],
  81: ['CLP', 'USD'],
  28: ['EUR'],
};

export function bankCurrenciesOf(countryId: number): readonly string[] {
  return bankCurrencies[countryId] ?? [];
}

/** spec 000 §8 bank messages (E255–E257 name the country's account label, see bankErrorText). */
export const bankDataErrors = {
  E210: {
    es: 'Debes ingresar el nombre del titular de la cuenta',
    en: "Enter the account holder's first name",
    field: 'firstName',
  },
  E211: {
    es: 'El nombre debe tener entre 2 y 100 caracteres.',
    en: 'The first name must be 2 to 100 characters.',
    field: 'firstName',
  },
  E212: {
    es: 'El nombre no puede tener números ni caracteres extraños.',
    en: 'The first name cannot contain digits or odd characters.',
    field: 'firstName',
  },
  E213: {
    es: 'Debes ingresar el apellido del titular de la cuenta',
    en: "Enter the account holder's last name",
    field: 'lastName',
  },
  E214: {
    es: 'El apellido debe tener entre 2 y 100 caracteres.',
    en: 'The last name must be 2 to 100 characters.',
    field: 'lastName',
  },
  E215: {
    es: 'El apellido no puede tener números ni caracteres extraños.',
    en: 'The last name cannot contain digits or odd characters.',
    field: 'lastName',
  },
  E220: {
    es: 'Debes seleccionar el país de la cuenta bancaria.',
    en: 'Choose the country of the bank account.',
    field: 'country',
  },
  E221: {
    es: 'Debes seleccionar el país de la cuenta bancaria.',
    en: 'Choose the country of the bank account.',
    field: 'country',
  },
  E222: {
    es: 'No puedes cargar una cuenta bancaria para tu país. Contactate con nuestro equipo para encontrar una solución.',
    en: 'Bank accounts of this country are not supported yet. Contact our team.',
    field: 'country',
  },
  E230: {
    es: 'Moneda invalida para el país de la cuenta bancaria.',
    en: "Invalid currency for the bank account's country.",
    field: 'currency',
  },
  E231: {
    es: 'Moneda invalida para el país de la cuenta bancaria.',
    en: "Invalid currency for the bank account's country.",
    field: 'currency',
  },
  E240: {
    es: 'Selecciona el Banco de tu cuenta.',
    en: 'Choose the bank of your account.',
    field: 'bankName',
  },
  E241: {
    es: 'Selecciona el Banco de tu cuenta.',
    en: 'Choose the bank of your account.',
    field: 'bankName',
  },
  E255: { es: 'Debes ingresar el número de cuenta', en: 'Enter the account number', field: 'account' },
  E256: {
    es: 'El número de cuenta no es correcto.',
    en: 'The account number is not correct.',
    field: 'account',
  },
  E257: {
    es: 'El número de cuenta no es correcto.',
    en: 'The account number is not correct.',
    field: 'account',
  },
  E259: { es: 'Debes elegir el tipo de cuenta.', en: 'Choose the account type.', field: 'accountType' },
  // Issue 34: the banks' rule (6 to 20 letters, digits, dots or hyphens) replaces spec 002 §5's
  // '2 to 200', which let through aliases no bank would ever resolve.
  E270: {
    es: 'El alias debe tener entre 6 y 20 caracteres: letras, números, puntos y guiones, sin espacios.',
    en: 'The alias must be 6 to 20 characters: letters, digits, dots and hyphens, no spaces.',
    field: 'alias',
  },
};

/** spec 000 §8: 'Debes ingresar el' plus the account label; 'El' plus label plus 'no es correcto.'. */
export function bankErrorText(code: string, countryId: number): string | undefined {
  const label = bankAccountLabel(countryId);
  if (code === 'E255') return `Debes ingresar el ${label}`;
  if (code === 'E256' || code === 'E257') return `El ${label} no es correcto.`;
  return (bankDataErrors as Record<string, { es: string }>)[code]?.es;
}

const holderName = (required: string, length: string, chars: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(2, length)
    .max(100, length)
    .regex(/^[\p{L}][\p{L}\p{M} '.-]*$/u, chars);

/** The fields both bank forms share, under neutral names. */
export interface BankAccountFields {
  country: number;
  currency: string;
  /** A bank code of the country's list (update-user-bank) or the bank's name (price confirmation). */
  bankName: string;
  account: string;
  accountType?: string | null | undefined;
  alias?: string | null | undefined;
}

/**
 * The last two digits of a bank code: both catalogues number the same checks alike (spec 002 §8
 * update-user-bank E22, E31, E57 …; spec 000 §8 price confirmation E222, E231, E257 …).
 */
export type BankCheck = 22 | 31 | 40 | 41 | 56 | 57 | 59 | 70;
type BankField = 'country' | 'currency' | 'bankName' | 'account' | 'accountType' | 'alias';

/**
 * An account number's problem: 56 when it has characters the country's numbers never have, 57
 * when its shape or check digits are wrong (Argentine CBU/CVU, Mexican CLABE, Spanish IBAN have
 * public check-digit rules; elsewhere only the length is known).
 */
export function accountNumberCheck(countryId: number, account: string): 56 | 57 | null {
  const compact = account.replace(/[\s-]/g, '');
  if (countryId === 28) return isValidIban(compact, 'ES') ? null : 57;
  if (countryId === 12) return compact.length >= 3 && compact.length <= 77 ? null : 57;
  if (!/^[0-9 -]+$/.test(account)) return 56;
  if (countryId === 5) return isValidCbu(compact) ? null : 57;
  if (countryId === 42) return isValidClabe(compact) ? null : 57;
  return compact.length >= 6 && compact.length <= 34 ? null : 57;
}

/**
 * The bank an account number names, where the number says it: an Argentine CBU and a Mexican
 * CLABE begin with the bank's three-digit code, so the bank is read from them rather than asked
 * (a preselected bank that disagreed used to refuse a valid CBU). Null when the number is not
 * valid, belongs to another country, or is a CVU (000…: a wallet, not a bank).
 */
export function bankCodeInAccount(countryId: number, account: string): string | null {
  if (countryId !== 5 && countryId !== 42) return null;
  if (accountNumberCheck(countryId, account) !== null) return null;
  const code = account.replace(/[\s-]/g, '').slice(0, 3);
  return code === '000' ? null : code;
}

/** How the banks spell an alias (Argentina's CBU alias): 6 to 20 letters, digits, dots or hyphens. */
export const bankAliasPattern = /^[A-Za-z0-9.-]{6,20}$/;

/**
 * The one bank-account validator (spec 002 §5 "Bank", §8 update-user-bank; spec 000 §5 price
 * confirmation): country allowed, currency of the country, account number, type where the
 * country has types, alias as the banks take it. Reports the first failing check of each field.
 * `bankRequired` false lets an account whose number names its bank (bankCodeInAccount) come
 * without one.
 */
export function checkBankAccount(
  data: BankAccountFields,
  report: (check: BankCheck, field: BankField) => void,
  bankRequired = true,
) {
  if (!bankCountryIds.includes(data.country)) {
    report(22, 'country');
    return;
  }
  if (!bankCurrenciesOf(data.country).includes(data.currency.toUpperCase())) report(31, 'currency');
  if (!data.bankName && !(bankCodeInAccount(data.country, data.account) && !bankRequired)) {
    report(40, 'bankName');
  }
  const accountCheck = accountNumberCheck(data.country, data.account);
  if (accountCheck) report(accountCheck, 'account');
  const types = bankAccountTypes[data.country];
  if (types && !types.includes(data.accountType ?? '')) report(59, 'accountType');
  if (data.alias && !bankAliasPattern.test(data.alias)) report(70, 'alias');
}

/**
 * The bank fields' schemas with one form's codes. Both forms number the same checks alike, the
 * price confirmation's 200 above update-user-bank's (E210 ↔ E10, E255 ↔ E55 …).
 */
function bankFieldSchemas(from: 0 | 200) {
  const e = (n: number) => `E${from + n}`;
  return {
    firstName: holderName(e(10), e(11), e(12)),
    lastName: holderName(e(13), e(14), e(15)),
    country: z.number({ error: e(20) }).int(e(21)),
    currency: z
      .string({ error: e(30) })
      .trim()
      .min(1, e(30))
      .max(3, e(31)),
    bankName: z
      .string({ error: e(40) })
      .trim()
      .max(100, e(41)),
    account: z
      .string({ error: e(55) })
      .trim()
      .min(1, e(55))
      .max(60, e(57)),
    accountType: z.string().trim().max(4, e(59)).nullish(),
    alias: z.string().trim().max(200, e(70)).nullish(),
  };
}

/**
 * spec 000 §5 bank data on price confirmation (E210–E270), the same schema on the server and in
 * the form, so both show the same message on the same field.
 */
export const BankDataInput = z.object(bankFieldSchemas(200)).superRefine((data, ctx) => {
  checkBankAccount(data, (check, field) =>
    ctx.addIssue({ code: 'custom', message: `E${200 + check}`, path: [field] }),
  );
});
export type BankDataInput = z.infer<typeof BankDataInput>;

/** spec 002 §3 "Bank account": the update-user-bank field each neutral field arrives as. */
const updateUserBankFields: Record<BankField, string> = {
  country: 'userCountry',
  currency: 'userCurrencyBank',
  bankName: 'userBankName',
  account: 'userCBU',
  accountType: 'userTypeBank',
  alias: 'userAliasBank',
};

const countryNumber = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

const userBankFields = bankFieldSchemas(0);

/**
 * spec 002 §7 update-user-bank with its codes E10–E70 (§8). The same checks as the price
 * confirmation's bank data (checkBankAccount): one validator, two catalogues.
 */
export const UpdateUserBankInput = z
  .object({
    userFirstName: userBankFields.firstName,
    userLastName: userBankFields.lastName,
    userCountry: z.preprocess(countryNumber, userBankFields.country),
    userCurrencyBank: userBankFields.currency,
    // Not required when the account number names its bank (checkBankAccount).
    userBankName: userBankFields.bankName.default(''),
    userCBU: userBankFields.account,
    userTypeBank: userBankFields.accountType,
    userAliasBank: userBankFields.alias,
  })
  .superRefine((data, ctx) => {
    checkBankAccount(
      {
        country: data.userCountry,
        currency: data.userCurrencyBank,
        bankName: data.userBankName,
        account: data.userCBU,
        accountType: data.userTypeBank,
        alias: data.userAliasBank,
      },
      (check, field) =>
        ctx.addIssue({ code: 'custom', message: `E${check}`, path: [updateUserBankFields[field]] }),
      false,
    );
  });
export type UpdateUserBankInput = z.infer<typeof UpdateUserBankInput>;

const countryMessage = {
  es: 'Debes seleccionar el país de la cuenta bancaria.',
  en: 'Choose the country of the bank account.',
  field: 'userCountry',
};
const currencyMessage = {
  es: 'Moneda invalida para el país de la cuenta bancaria.',
  en: "Invalid currency for the bank account's country.",
  field: 'userCurrencyBank',
};
const bankMessage = {
  es: 'Banco invalido para el país de la cuenta bancaria.',
  en: "Invalid bank for the bank account's country.",
  field: 'userBankName',
};
const accountMessage = {
  es: 'El número de cuenta no es correcto.',
  en: 'The account number is not correct.',
  field: 'userCBU',
};

/**
 * spec 002 §8 update-user-bank (400). The holder-name texts are spec 000 §8's (002 names the
 * rules only). E55–E57 name the country's account label: the static text here is the server's
 * fallback, the form shows updateUserBankErrorText's.
 */
export const updateUserBankErrors = {
  E10: { ...bankDataErrors.E210, field: 'userFirstName' },
  E11: { ...bankDataErrors.E211, field: 'userFirstName' },
  E12: { ...bankDataErrors.E212, field: 'userFirstName' },
  E13: { ...bankDataErrors.E213, field: 'userLastName' },
  E14: { ...bankDataErrors.E214, field: 'userLastName' },
  E15: { ...bankDataErrors.E215, field: 'userLastName' },
  E20: countryMessage,
  E21: countryMessage,
  E22: countryMessage,
  E30: currencyMessage,
  E31: currencyMessage,
  E40: bankMessage,
  E41: bankMessage,
  E55: { es: 'Debes ingresar el número de cuenta', en: 'Enter the account number', field: 'userCBU' },
  E56: accountMessage,
  E57: accountMessage,
  E59: { es: 'Debes elegir el tipo de cuenta.', en: 'Choose the account type.', field: 'userTypeBank' },
  E70: { ...bankDataErrors.E270, field: 'userAliasBank' },
};

/** spec 002 §8: 'Debes ingresar el ' plus the label; 'El ' plus label plus ' no es correcto.'. */
export function updateUserBankErrorText(code: string, countryId: number): string | undefined {
  const label = bankAccountLabel(countryId);
  if (code === 'E55') return `Debes ingresar el ${label}`;
  if (code === 'E56' || code === 'E57') return `El ${label} no es correcto.`;
  return (updateUserBankErrors as Record<string, { es: string }>)[code]?.es;
}

/** spec 002 §5: the refusal for a country without bank accounts, and the missing address. */
export const bankCountryRefusal =
  'No puedes cargar una cuenta bancaria para tu país. Contactate con nuestro equipo para encontrar una solución.';
export const bankAddressMissing = 'Debes primero configurar tu domicilio.';
