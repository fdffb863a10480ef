import { z } from 'zod';

/** spec 002 §5 "Bank": countries where a bank account can be loaded, and their account label. */
export const bankCountryIds: readonly number[] = [5, 89, 82, 111, 12, 42, 81, 28, 103];

const accountLabels: Record<number, string> = {
  5: 'CBU ó CVU Nº',
  42: 'Cuenta Nº',
  81: 'Cuenta Nº',
  28: 'IBAN',
  89: 'C.I:',
  82: 'Cuenta Número:',
  111: 'Cuenta Número:',
  103: 'Cuenta Número:',
  12: 'Chave Pix',
};

export function bankAccountLabel(countryId: number): string {
  return accountLabels[countryId] ?? 'Cuenta Nº';
}

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
  E270: {
    es: 'El alias debe tener entre 2 y 200 caracteres.',
    en: 'The alias must be 2 to 200 characters.',
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

/** Account numbers by country: an Argentine CBU/CVU has 22 digits; an IBAN its own shape. */
function accountIssue(countryId: number, account: string): 'E256' | 'E257' | null {
  if (countryId === 28)
    return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account.replace(/\s/g, '').toUpperCase()) ? null : 'E257';
  if (countryId === 12) return account.length >= 3 && account.length <= 77 ? null : 'E257';
  if (!/^[0-9-]+$/.test(account)) return 'E256';
  const digits = account.replace(/-/g, '');
  if (countryId === 5) return digits.length === 22 ? null : 'E257';
  return digits.length >= 6 && digits.length <= 34 ? null : 'E257';
}

/**
 * spec 000 §5 bank data on price confirmation (E210–E270), the same schema on the server and in
 * the form, so both show the same message on the same field.
 */
export const BankDataInput = z
  .object({
    firstName: holderName('E210', 'E211', 'E212'),
    lastName: holderName('E213', 'E214', 'E215'),
    country: z.number({ error: 'E220' }).int('E221'),
    currency: z.string({ error: 'E230' }).trim().min(1, 'E230').max(3, 'E231'),
    bankName: z.string({ error: 'E240' }).trim().min(1, 'E240').max(100, 'E241'),
    account: z.string({ error: 'E255' }).trim().min(1, 'E255').max(60, 'E257'),
    accountType: z.string().trim().max(4, 'E259').nullish(),
    alias: z.string().trim().max(200, 'E270').nullish(),
  })
  .superRefine((data, ctx) => {
    if (!bankCountryIds.includes(data.country)) {
      ctx.addIssue({ code: 'custom', message: 'E222', path: ['country'] });
      return;
    }
    if (!bankCurrenciesOf(data.country).includes(data.currency.toUpperCase())) {
      ctx.addIssue({ code: 'custom', message: 'E231', path: ['currency'] });
    }
    const issue = accountIssue(data.country, data.account);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['account'] });
    const types = bankAccountTypes[data.country];
    if (types && !types.includes(data.accountType ?? '')) {
      ctx.addIssue({ code: 'custom', message: 'E259', path: ['accountType'] });
    }
    if (data.alias && data.alias.length > 0 && data.alias.length < 2) {
      ctx.addIssue({ code: 'custom', message: 'E270', path: ['alias'] });
    }
  });
export type BankDataInput = z.infer<typeof BankDataInput>;
