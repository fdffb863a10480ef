import { describe, expect, it } from 'vitest';
import { currentMexicanNationalNumber } from './phone.ts';

describe("Mexico's pre-2019 mobile prefixes", () => {
  it.each([
    ['15512345678', '5512345678'],
    ['0445512345678', '5512345678'],
    ['0453312345678', '3312345678'],
  ])('%s is today %s', (old, current) => {
    expect(currentMexicanNationalNumber(old)).toBe(current);
  });

  it.each(['5512345678', '155123456', '0465512345678', '25512345678'])('%s is not an old form', (n) => {
    expect(currentMexicanNationalNumber(n)).toBeNull();
  });
});
