import { describe, expect, it } from 'vitest';
import { BankDataInput, bankErrorText } from './bank-data.ts';

const valid = {
  firstName: 'Lucía',
  lastName: 'Fernández',
  country: 5,
  currency: 'ARS',
  bankName: 'Banco Nación',
  account: '0110599520000001234567',
  accountType: null,
  alias: 'lucia.consultorio',
};

function codeOf(input: Record<string, unknown>): string | null {
  const result = BankDataInput.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

// spec 000 §5 bank data on price confirmation, one row per code.
describe('bank data (spec 000 §5, E210–E270)', () => {
  it.each([
    ['valid Argentine CBU', {}, null],
    ['holder first name required', { firstName: '' }, 'E210'],
    ['first name too short', { firstName: 'A' }, 'E211'],
    ['first name with digits', { firstName: 'Luc1a' }, 'E212'],
    ['last name required', { lastName: '  ' }, 'E213'],
    ['last name too long', { lastName: 'B'.repeat(101) }, 'E214'],
    ['last name with odd characters', { lastName: 'Fer#nández' }, 'E215'],
    ['country required', { country: undefined }, 'E220'],
    ['country not a whole id', { country: 5.5 }, 'E221'],
    ['country without bank accounts', { country: 55 }, 'E222'],
    ['currency required', { currency: '' }, 'E230'],
    ['currency of another country', { currency: 'CLP' }, 'E231'],
    ['bank required', { bankName: '' }, 'E240'],
    ['account required', { account: '' }, 'E255'],
    ['account with letters', { account: '0110ABC' }, 'E256'],
    ['CBU of the wrong length', { account: '01105995' }, 'E257'],
    ['Chile needs an account type', { country: 81, currency: 'CLP', account: '12345678' }, 'E259'],
    [
      'Chile with a type is fine',
      { country: 81, currency: 'CLP', account: '12345678', accountType: 'C' },
      null,
    ],
    ['alias of one character', { alias: 'a' }, 'E270'],
    ['alias too long', { alias: 'a'.repeat(201) }, 'E270'],
  ])('%s', (_name, over, expected) => {
    expect(codeOf({ ...valid, ...over })).toBe(expected);
  });

  it("names the country's account label in the account messages", () => {
    expect(bankErrorText('E255', 5)).toBe('Debes ingresar el CBU ó CVU Nº');
    expect(bankErrorText('E257', 28)).toBe('El IBAN no es correcto.');
    expect(bankErrorText('E210', 5)).toBe('Debes ingresar el nombre del titular de la cuenta');
  });
});
