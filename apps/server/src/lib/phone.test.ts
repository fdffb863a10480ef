import { countryIds, preferredPhoneCountries } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';

/** How people write numbers in each country we serve, and what must be stored (E.164). */
const accepted: [country: string, written: string, stored: string][] = [
  ['AR', '011 15 4444-5555', '+5491144445555'],
  ['AR', '0351 15 444-6666', '+5493514446666'],
  ['AR', '11 15 4444 5555', '+5491144445555'],
  ['AR', '11 4444 5555', '+541144445555'],
  ['AR', '(011) 4444-5555', '+541144445555'],
  ['AR', '+54 9 11 4444-5555', '+5491144445555'],
  ['AR', '+54 11 15 4444-5555', '+5491144445555'],
  ['BR', '(11) 91234-5678', '+5511912345678'],
  ['BR', '11 91234 5678', '+5511912345678'],
  ['BR', '(21) 2345-6789', '+552123456789'],
  ['BR', '+55 11 91234-5678', '+5511912345678'],
  ['CL', '9 6123 4567', '+56961234567'],
  ['CL', '(2) 2345 6789', '+56223456789'],
  ['CL', '+56 9 6123 4567', '+56961234567'],
  ['CO', '321 1234567', '+573211234567'],
  ['CO', '(601) 234 5678', '+576012345678'],
  ['CO', '+57 321 123 4567', '+573211234567'],
  ['EC', '099 123 4567', '+593991234567'],
  ['EC', '(02) 234-5678', '+59322345678'],
  ['EC', '+593 99 123 4567', '+593991234567'],
  ['ES', '612 34 56 78', '+34612345678'],
  ['ES', '91 123 45 67', '+34911234567'],
  ['ES', '+34 612 345 678', '+34612345678'],
  ['ES', '0034 612 345 678', '+34612345678'],
  ['MX', '55 1234 5678', '+525512345678'],
  ['MX', '(33) 1234 5678', '+523312345678'],
  ['MX', '+52 55 1234 5678', '+525512345678'],
  ['MX', '+52 1 55 1234 5678', '+525512345678'],
  ['MX', '1 55 1234 5678', '+525512345678'],
  ['MX', '044 55 1234 5678', '+525512345678'],
  ['MX', '045 33 1234 5678', '+523312345678'],
  ['PE', '987 654 321', '+51987654321'],
  ['PE', '(01) 234 5678', '+5112345678'],
  ['PE', '+51 987 654 321', '+51987654321'],
  ['UY', '099 123 456', '+59899123456'],
  ['UY', '2901 2345', '+59829012345'],
  ['UY', '+598 99 123 456', '+59899123456'],
  ['US', '(201) 555-0123', '+12015550123'],
  ['US', '201.555.0123', '+12015550123'],
  ['US', '1-201-555-0123', '+12015550123'],
  ['US', '+1 (201) 555-0123', '+12015550123'],
  // Explicitly international numbers keep their own country, whatever the contact's.
  ['US', '011 54 9 11 4444 5555', '+5491144445555'],
  ['AR', '+34 612 34 56 78', '+34612345678'],
];

/** Numbers that are not valid in the given country: refused, never read as another country's. */
const refused: [country: string, written: string][] = [
  ['AR', '(201) 555-0123'],
  ['AR', '321 1234567'],
  ['BR', '321 1234567'],
  ['CL', '0351 15 444-5555'],
  ['CO', '(201) 555-0123'],
  ['EC', '321 1234567'],
  ['ES', '321 1234567'],
  ['MX', '612 34 56 78'],
  ['MX', '+52 1 12'],
  ['PE', '321 1234567'],
  ['UY', '321 1234567'],
  ['US', '612 34 56 78'],
  ['US', '0201 555 0123'],
  ['AR', '+54 123'],
  // Without a country only the international spelling can be read.
  ['', '321 1234567'],
];

describe('normalisePhone', () => {
  it.each(accepted)('%s: %s is stored as %s', (country, written, stored) => {
    expect(normalisePhone(written, country)).toBe(stored);
  });

  it.each(refused)('%s: %s is refused', (country, written) => {
    expect(normalisePhone(written, country)).toBeNull();
  });

  it('reads the international spelling without a country', () => {
    expect(normalisePhone('+57 321 1234567', null)).toBe('+573211234567');
  });

  it('covers every country we serve', () => {
    const served = new Set([
      ...Object.keys(countryIds),
      ...preferredPhoneCountries.map((c) => c.toUpperCase()),
    ]);
    const tested = new Set(accepted.map(([country]) => country));
    expect([...served].filter((country) => !tested.has(country))).toEqual([]);
    expect([...served].filter((country) => !refused.some(([c]) => c === country))).toEqual([]);
  });
});
