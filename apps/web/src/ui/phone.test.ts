import { describe, expect, it } from 'vitest';
import { countryOfPhone, flagEmoji, validatePhone } from './phone.ts';

describe('validatePhone (spec 002 §8)', () => {
  it.each([
    ['+54 9 11 2345-6789', '+5491123456789'],
    ['+56 9 6123 4567', '+56961234567'],
    ['+52 55 1234 5678', '+525512345678'],
    ['+34 612 34 56 78', '+34612345678'],
    ['+1 212 555 0123', '+12125550123'],
    // Mexico's pre-2019 mobile form, as the server accepts and normalises it.
    ['+52 1 55 1234 5678', '+525512345678'],
    ['+5215512345678', '+525512345678'],
    // National spellings after the country's code, as the phone input emits them.
    ['+54 011 15 4444-5555', '+5491144445555'],
  ])('accepts %s with flag 1 and the E.164 number', (input, e164) => {
    expect(validatePhone(input)).toEqual({ flag: 1, phone: e164 });
  });

  it.each(['', '   ', '+54', '+54 ', null, undefined])(
    'asks for the phone when it is empty (%s)',
    (input) => {
      expect(validatePhone(input)).toMatchObject({ flag: 0, error: 'E70' });
    },
  );

  it.each(['+54 123', '+1 000 000 0000', '12345', '+56 9 1'])('rejects %s with flag 0', (input) => {
    expect(validatePhone(input)).toMatchObject({ flag: 0, error: 'E71' });
  });

  it('finds the country of a stored number and its flag', () => {
    expect(countryOfPhone('+5491123456789')).toBe('ar');
    expect(flagEmoji('uy')).toBe('🇺🇾');
  });
});
