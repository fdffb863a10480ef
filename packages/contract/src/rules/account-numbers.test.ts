import { describe, expect, it } from 'vitest';
import { isValidCbu, isValidClabe, isValidIban } from './account-numbers.ts';

describe('Argentine CBU / CVU check digits', () => {
  it.each([
    ['a bank CBU', '2850590940090418135201', true],
    ['another bank CBU', '0170099220000067797370', true],
    ['a CVU (entity 000)', '0000003100012345678907', true],
    ['typed with spaces', '28505909 40090418135201', true],
    ['first block check digit altered', '2850590840090418135201', false],
    ['second block check digit altered', '2850590940090418135202', false],
    ['two digits swapped', '2850590940090418315201', false],
    ['21 digits', '285059094009041813520', false],
    ['letters', '28505909400904181352AB', false],
  ])('%s: %s → %s', (_name, cbu, ok) => {
    expect(isValidCbu(cbu)).toBe(ok);
  });
});

describe('Mexican CLABE check digit', () => {
  it.each([
    ['a CLABE', '032180000118359719', true],
    ['another CLABE', '002010077777777771', true],
    ['check digit altered', '032180000118359718', false],
    ['a middle digit altered', '032180000118358719', false],
    ['17 digits', '03218000011835971', false],
  ])('%s: %s → %s', (_name, clabe, ok) => {
    expect(isValidClabe(clabe)).toBe(ok);
  });
});

describe('IBAN (mod 97)', () => {
  it.each([
    ['a Spanish IBAN', 'ES9121000418450200051332', undefined, true],
    ['printed in groups of four', 'ES79 2100 0813 6101 2345 6789', 'ES', true],
    ['lower case', 'es9121000418450200051332', 'ES', true],
    ['last digit altered', 'ES9121000418450200051333', 'ES', false],
    ['check digits altered', 'ES9221000418450200051332', 'ES', false],
    ['Spanish IBAN one digit short', 'ES912100041845020005133', 'ES', false],
    ['a valid German IBAN where a Spanish one is due', 'DE89370400440532013000', 'ES', false],
    ['a valid German IBAN, any country', 'DE89370400440532013000', undefined, true],
  ])('%s: %s → %s', (_name, iban, country, ok) => {
    expect(isValidIban(iban, country)).toBe(ok);
  });
});
