import { describe, expect, it } from 'vitest';
import {
  BankDataInput,
  bankAccountTypes,
  bankCodeInAccount,
  bankErrorText,
  UpdateUserBankInput,
  updateUserBankErrorText,
} from './bank-data.ts';
import { bankAccountLabel, bankCountryIds } from './bank-labels.ts';

const valid = {
  firstName: 'Lucía',
  lastName: 'Fernández',
  country: 5,
  currency: 'ARS',
  bankName: 'Banco Nación',
  account: '0110599520000001234569',
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
    ['CBU with a wrong check digit', { account: '0110599520000001234567' }, 'E257'],
    ['Chile needs an account type', { country: 81, currency: 'CLP', account: '12345678' }, 'E259'],
    [
      'Chile with a type is fine',
      { country: 81, currency: 'CLP', account: '12345678', accountType: 'C' },
      null,
    ],
    ['alias of two characters', { alias: 'ab' }, 'E270'],
    ['alias of 21 characters', { alias: 'a'.repeat(21) }, 'E270'],
    ['alias with spaces', { alias: 'mi alias con espacios' }, 'E270'],
    ['alias with a ñ', { alias: 'muñeca.sol' }, 'E270'],
    ['alias of 6 with a hyphen and a dot', { alias: 'sol-1.a' }, null],
    [
      'a CBU of another bank than the one typed',
      { bankName: 'Banco Nación', account: '2850590940090418135201' },
      null,
    ],
  ])('%s', (_name, over, expected) => {
    expect(codeOf({ ...valid, ...over })).toBe(expected);
  });

  it("names the country's account label in the account messages", () => {
    expect(bankErrorText('E255', 5)).toBe('Debes ingresar el CBU ó CVU Nº');
    expect(bankErrorText('E257', 28)).toBe('El IBAN no es correcto.');
    expect(bankErrorText('E210', 5)).toBe('Debes ingresar el nombre del titular de la cuenta');
  });
});

const validUpdate = {
  userFirstName: 'Lucía',
  userLastName: 'Fernández',
  userCountry: 5,
  userTypeBank: null,
  userBankName: '011',
  userCurrencyBank: 'ARS',
  userCBU: '0110599520000001234569',
  userAliasBank: 'lucia.consultorio',
};

function updateIssue(input: Record<string, unknown>): [string, string] | null {
  const result = UpdateUserBankInput.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return [issue?.message ?? '', String(issue?.path[0])];
}

// spec 002 §8 update-user-bank, one row per code, with the field it highlights.
describe('update-user-bank (spec 002 §8, E10–E70)', () => {
  it.each([
    ['valid Argentine CBU of the chosen bank', {}, null],
    ['a CVU with a bank chosen', { userCBU: '0000003100012345678907' }, null],
    ['country as text, as the spec posts it', { userCountry: '5' }, null],
    ['holder name required', { userFirstName: '' }, ['E10', 'userFirstName']],
    ['holder name of one letter', { userFirstName: 'L' }, ['E11', 'userFirstName']],
    ['holder name with digits', { userFirstName: 'Luc1a' }, ['E12', 'userFirstName']],
    ['last name required', { userLastName: undefined }, ['E13', 'userLastName']],
    ['last name too long', { userLastName: 'F'.repeat(101) }, ['E14', 'userLastName']],
    ['last name with odd characters', { userLastName: 'Fer$' }, ['E15', 'userLastName']],
    ['country required', { userCountry: undefined }, ['E20', 'userCountry']],
    ['country not whole', { userCountry: 5.5 }, ['E21', 'userCountry']],
    ['country without bank accounts (US)', { userCountry: 55 }, ['E22', 'userCountry']],
    ['currency required', { userCurrencyBank: '' }, ['E30', 'userCurrencyBank']],
    ['currency of another country', { userCurrencyBank: 'MXN' }, ['E31', 'userCurrencyBank']],
    // Issue 34: the CBU names its bank, so none need be chosen, and a different one chosen is
    // not a reason to refuse it (the bank is taken from the number).
    ['a CBU without a bank chosen', { userBankName: '' }, null],
    ['a Macro CBU with Nación preselected', { userCBU: '2850590940090418135201' }, null],
    [
      'a CVU needs the entity',
      { userBankName: '', userCBU: '0000003100012345678907' },
      ['E40', 'userBankName'],
    ],
    [
      'an account without a bank code needs the bank',
      { userCountry: 28, userCurrencyBank: 'EUR', userBankName: '', userCBU: 'ES9121000418450200051332' },
      ['E40', 'userBankName'],
    ],
    ['account required', { userCBU: ' ' }, ['E55', 'userCBU']],
    ['account with letters', { userCBU: '01105995AB' }, ['E56', 'userCBU']],
    ['CBU check digit altered', { userCBU: '0110599520000001234560' }, ['E57', 'userCBU']],
    [
      'valid CLABE of the chosen bank',
      { userCountry: 42, userCurrencyBank: 'MXN', userBankName: '032', userCBU: '032180000118359719' },
      null,
    ],
    [
      'CLABE check digit altered',
      { userCountry: 42, userCurrencyBank: 'MXN', userBankName: '032', userCBU: '032180000118359718' },
      ['E57', 'userCBU'],
    ],
    [
      'valid Spanish IBAN',
      {
        userCountry: 28,
        userCurrencyBank: 'EUR',
        userBankName: '2100',
        userCBU: 'ES91 2100 0418 4502 0005 1332',
      },
      null,
    ],
    [
      'Spanish IBAN failing mod 97',
      { userCountry: 28, userCurrencyBank: 'EUR', userBankName: '2100', userCBU: 'ES9121000418450200051333' },
      ['E57', 'userCBU'],
    ],
    [
      'Chile without an account type',
      { userCountry: 81, userCurrencyBank: 'CLP', userBankName: '012', userCBU: '12345678' },
      ['E59', 'userTypeBank'],
    ],
    [
      'Chile with a type of another country',
      {
        userCountry: 81,
        userCurrencyBank: 'CLP',
        userBankName: '012',
        userCBU: '12345678',
        userTypeBank: 'X',
      },
      ['E59', 'userTypeBank'],
    ],
    ['alias of two characters', { userAliasBank: 'ab' }, ['E70', 'userAliasBank']],
    ['alias with spaces', { userAliasBank: 'mi alias con espacios' }, ['E70', 'userAliasBank']],
    ['alias too long', { userAliasBank: 'a'.repeat(21) }, ['E70', 'userAliasBank']],
    ['alias of 20 characters', { userAliasBank: 'a'.repeat(20) }, null],
  ])('%s', (_name, over, expected) => {
    expect(updateIssue({ ...validUpdate, ...over })).toEqual(expected);
  });

  it('reads the bank from a CBU or a CLABE, never from a CVU or a number that is not valid', () => {
    expect(bankCodeInAccount(5, '2850590940090418135201')).toBe('285');
    expect(bankCodeInAccount(5, '285 0590940090418135201')).toBe('285');
    expect(bankCodeInAccount(5, '0000003100012345678907')).toBeNull();
    expect(bankCodeInAccount(5, '2850590940090418135202')).toBeNull();
    expect(bankCodeInAccount(42, '032180000118359719')).toBe('032');
    expect(bankCodeInAccount(28, 'ES9121000418450200051332')).toBeNull();
  });

  it.each([
    ['E55', 5, 'Debes ingresar el CBU ó CVU Nº'],
    ['E57', 5, 'El CBU ó CVU Nº no es correcto.'],
    ['E56', 28, 'El IBAN no es correcto.'],
    ['E55', 12, 'Debes ingresar el Chave Pix'],
    ['E22', 5, 'Debes seleccionar el país de la cuenta bancaria.'],
    ['E31', 5, 'Moneda invalida para el país de la cuenta bancaria.'],
    ['E41', 5, 'Banco invalido para el país de la cuenta bancaria.'],
    ['E59', 81, 'Debes elegir el tipo de cuenta.'],
  ])('%s for country %s reads %s', (code, country, text) => {
    expect(updateUserBankErrorText(code, country)).toBe(text);
  });
});

// spec 002 §5 "Bank": the account label and the type selector of each country.
describe('account label and types by country (spec 002 §5)', () => {
  it.each([
    [5, 'CBU ó CVU Nº', undefined],
    [42, 'Cuenta Nº', undefined],
    [81, 'Cuenta Nº', ['C', 'S', 'M', 'V']],
    [28, 'IBAN', undefined],
    [89, 'C.I:', ['C', 'S', 'M']],
    [82, 'Cuenta Número:', ['C', 'S']],
    [111, 'Cuenta Número:', undefined],
    [103, 'Cuenta Número:', undefined],
    [12, 'Chave Pix', undefined],
  ])('country %s: %s', (country, label, types) => {
    expect(bankAccountLabel(country)).toBe(label);
    expect(bankAccountTypes[country]).toEqual(types);
  });

  it('allows exactly the nine countries of the spec', () => {
    expect([...bankCountryIds].sort((a, b) => a - b)).toEqual([5, 12, 28, 42, 81, 82, 89, 103, 111]);
  });
});
