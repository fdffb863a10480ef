import { describe, expect, it } from 'vitest';
import {
  canonicalRate,
  convertMinorUnits,
  exchangeRatePattern,
  formatMoney,
  moneyLocaleFor,
  moneyText,
  toDecimalAmount,
  toMajorUnits,
  toMinorUnits,
} from './money-format.ts';

// Intl separates the symbol with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('spec 002 §9: es-AR formatting, en-US for country 55', () => {
  it.each([
    [5, 'es-AR'],
    [42, 'es-AR'],
    [28, 'es-AR'],
    [55, 'en-US'],
  ] as const)('country %i → %s', (country, locale) => {
    expect(moneyLocaleFor(country)).toBe(locale);
  });

  it.each([
    [14500, 'ARS', 5, '$ 14.500,00'],
    [1234.5, 'USD', 42, 'US$ 1.234,50'],
    [1234.5, 'USD', 55, '$1,234.50'],
    [12345, 'CLP', 81, 'CLP 12.345'],
    [99.9, 'EUR', 28, 'EUR 99,90'],
  ] as const)('%d %s for country %i → %s', (amount, currency, country, text) => {
    expect(plain(formatMoney(amount, currency, country))).toBe(text);
  });
});

describe('moneyText: amounts are never ambiguous', () => {
  it.each([
    [30, 'USD', 5, 'US$ 30,00'],
    [30, 'USD', 42, 'US$ 30,00'],
    [30, 'USD', 55, '$30.00 USD'],
    [20000, 'ARS', 5, '$ 20.000,00 ARS'],
    [550, 'MXN', 42, 'MXN 550,00'],
    [12345, 'CLP', 81, 'CLP 12.345'],
    [99.9, 'EUR', 28, 'EUR 99,90'],
  ] as const)('%d %s for country %i → %s', (amount, currency, country, text) => {
    expect(plain(moneyText(amount, currency, country))).toBe(text);
  });
});

describe('minor units', () => {
  it.each([
    [145050, 'ARS', 1450.5],
    [12345, 'CLP', 12345],
  ] as const)('%i %s ↔ %d', (minor, currency, major) => {
    expect(toMajorUnits(minor, currency)).toBe(major);
    expect(toMinorUnits(major, currency)).toBe(minor);
  });
});

describe('decimal text for payment APIs', () => {
  it.each([
    [3000, 'USD', '30.00'],
    [5, 'USD', '0.05'],
    [145050, 'ARS', '1450.50'],
    [2500000, 'MXN', '25000.00'],
    [25000, 'CLP', '25000'],
    [-1999, 'USD', '-19.99'],
  ] as const)('%i %s → %s', (minor, currency, text) => {
    expect(toDecimalAmount(minor, currency)).toBe(text);
  });

  it('refuses a non-integer amount instead of sending a rounded one', () => {
    expect(() => toDecimalAmount(10.5, 'USD')).toThrow(RangeError);
  });
});

describe('conversion through units per USD', () => {
  const usd = { currency: 'USD', unitsPerUsd: 1 };
  const ars = { currency: 'ARS', unitsPerUsd: 1450 };
  const clp = { currency: 'CLP', unitsPerUsd: 940 };
  const eur = { currency: 'EUR', unitsPerUsd: 0.86 };
  it.each([
    ['45 USD → ARS', 4500, usd, ars, 6525000],
    ['14 500 ARS → USD', 1450000, ars, usd, 1000],
    ['10 000 ARS → CLP (no decimals)', 1000000, ars, clp, 6483],
    ['100 EUR → USD', 10000, eur, usd, 11628],
    ['same currency is unchanged', 12345, ars, ars, 12345],
  ] as const)('%s', (_label, minor, from, to, expected) => {
    expect(convertMinorUnits(minor, from, to)).toBe(expected);
  });
});

describe('exchange-rate text', () => {
  it.each([
    ['1450', true],
    ['0.862', true],
    ['5.351234', true],
    ['5.3512345', false],
    ['-1', false],
    ['1e3', false],
    ['01', false],
    ['', false],
  ])('%s valid: %s', (text, valid) => {
    expect(exchangeRatePattern.test(text)).toBe(valid);
  });

  it.each([
    ['1450.00', '1450'],
    ['0.8600', '0.86'],
    ['18', '18'],
  ])('%s is stored as %s', (text, canonical) => {
    expect(canonicalRate(text)).toBe(canonical);
  });
});
