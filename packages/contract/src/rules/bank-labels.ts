/*
 * Kept apart from bank-data.ts, which builds zod schemas at load: a public page that only shows
 * a bank account's label (the module checkout's bank lines) must not pull zod into its first load.
 */

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
