import { describe, expect, it } from 'vitest';
import {
  countryIdForBrowserCountry,
  currencyForCountryId,
  isoForCountryId,
  minorUnitsOf,
  routeCountryForCountryId,
  routeCountryForIso,
} from './countries.ts';

describe('spec 002 §9: browserCountry → country id at registration', () => {
  it.each([
    ['ar', 5],
    ['cl', 81],
    ['mx', 42],
    ['es', 28],
    ['pe', 89],
    ['co', 82],
    ['uy', 111],
    ['br', 12],
    ['us', 55],
    ['ec', 55],
    ['la', 55],
    ['', 55],
    [undefined, 55],
    ['AR', 5],
  ])('%s → %i', (browserCountry, id) => {
    expect(countryIdForBrowserCountry(browserCountry)).toBe(id);
  });
});

describe('spec 000 §2.1: root redirect by country', () => {
  it.each([
    ['AR', 'ar'],
    ['CL', 'cl'],
    ['MX', 'mx'],
    ['ES', 'mx'],
    ['BR', 'mx'],
    ['UY', 'mx'],
    ['PE', 'mx'],
    ['CO', 'mx'],
    ['EC', 'mx'],
    ['US', 'us'],
    ['FR', 'la'],
    ['', 'la'],
    [null, 'la'],
    ['ar', 'ar'],
  ])('%s → /%s/es/', (iso, route) => {
    expect(routeCountryForIso(iso)).toBe(route);
  });
});

describe('country ids back to ISO codes', () => {
  it('knows both Uruguay ids and sends mail links to the right prefix', () => {
    expect(isoForCountryId(103)).toBe('UY');
    expect(isoForCountryId(111)).toBe('UY');
    expect(isoForCountryId(5)).toBe('AR');
    expect(isoForCountryId(4242)).toBeUndefined();
    expect(routeCountryForCountryId(5)).toBe('ar');
    expect(routeCountryForCountryId(81)).toBe('cl');
    expect(routeCountryForCountryId(55)).toBe('us');
    expect(routeCountryForCountryId(28)).toBe('mx');
    expect(routeCountryForCountryId(1077)).toBe('la');
  });
});

describe('currency of each served country', () => {
  it.each([
    [5, 'ARS'],
    [12, 'BRL'],
    [28, 'EUR'],
    [42, 'MXN'],
    [55, 'USD'],
    [81, 'CLP'],
    [82, 'COP'],
    [89, 'PEN'],
    [103, 'UYU'],
    [111, 'UYU'],
    [1234, 'USD'],
  ])('country %i charges in %s', (id, currency) => {
    expect(currencyForCountryId(id)).toBe(currency);
  });
  it('CLP has no minor unit; the others have cents', () => {
    expect(minorUnitsOf('CLP')).toBe(1);
    expect(minorUnitsOf('ARS')).toBe(100);
  });
});
