/**
 * Check digits of the account numbers that have a public rule. Each function takes the number
 * as typed (spaces and hyphens are ignored) and answers whether it is well formed.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

function weightedCheck(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % weights.length] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Argentine CBU or CVU (BCRA Comunicación A 2156 / A 6510): 22 digits in two blocks. The first
 * 8 (entity 3, branch 4, check 1) weigh 7,1,3,9,7,1,3; the last 14 (account 13, check 1) weigh
 * 3,9,7,1,… A CVU starts with 000 and follows the same rule.
 */
export function isValidCbu(value: string): boolean {
  const cbu = digitsOnly(value);
  if (!/^\d{22}$/.test(cbu)) return false;
  return (
    weightedCheck(cbu.slice(0, 7), [7, 1, 3, 9]) === Number(cbu[7]) &&
    weightedCheck(cbu.slice(8, 21), [3, 9, 7, 1]) === Number(cbu[21])
  );
}

/**
 * Mexican CLABE (Banxico): 18 digits, bank 3, branch 3, account 11, check 1. Each of the first
 * 17 digits times 3,7,1,… modulo 10, summed; the check digit makes the sum a multiple of 10.
 */
export function isValidClabe(value: string): boolean {
  const clabe = digitsOnly(value);
  if (!/^\d{18}$/.test(clabe)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * ([3, 7, 1][i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** IBAN lengths of the countries we take (ISO 13616 registry). */
const ibanLengths: Record<string, number> = { ES: 24 };

/**
 * IBAN (ISO 13616): the country's length, then the first four characters moved to the end,
 * letters as 10–35, must leave 1 modulo 97. `country` limits it to one country's IBANs.
 */
export function isValidIban(value: string, country?: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const prefix = iban.slice(0, 2);
  if (country !== undefined && prefix !== country) return false;
  const length = ibanLengths[prefix];
  if (length !== undefined && iban.length !== length) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (rest * (n > 9 ? 100 : 10) + n) % 97;
  }
  return rest === 1;
}
