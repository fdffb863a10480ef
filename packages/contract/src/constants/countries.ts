/** spec 000 §2.1: the country segment of every route. `la` is the catch-all for Latin America. */
export const routeCountries = ['ar', 'us', 'mx', 'cl', 'br', 'uy', 'pe', 'co', 'ec', 'la'] as const;
export type RouteCountry = (typeof routeCountries)[number];

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];

export function isRouteCountry(value: string | undefined): value is RouteCountry {
  return (routeCountries as readonly string[]).includes(value ?? '');
}
export function isLanguage(value: string | undefined): value is Language {
  return (languages as readonly string[]).includes(value ?? '');
}

/**
 * spec 002 §9: the platform's own country ids. 103 and 111 are both Uruguay in the original
 * data; we write 111 and accept 103 on input. Countries the spec does not number get
 * `foreignCountryIdOffset` + the id of the reference data set, so they never collide.
 */
export const countryIds = {
  AR: 5,
  BR: 12,
  ES: 28,
  MX: 42,
  US: 55,
  CL: 81,
  CO: 82,
  PE: 89,
  UY: 111,
} as const;
export const uruguayLegacyId = 103;
const fallbackCountryId = countryIds.US;
export const foreignCountryIdOffset = 1000;

/** spec 002 §9: browserCountry → country id at registration: ar 5, cl 81, mx 42, es 28, pe 89, co 82, uy 111, br 12, else 55. */
const browserCountryIds: Record<string, number> = {
  ar: 5,
  cl: 81,
  mx: 42,
  es: 28,
  pe: 89,
  co: 82,
  uy: 111,
  br: 12,
};
export function countryIdForBrowserCountry(browserCountry: string | undefined): number {
  return browserCountryIds[(browserCountry ?? '').toLowerCase()] ?? fallbackCountryId;
}

/**
 * spec 000 §2.1: the root redirect. AR → ar, CL → cl; MX, ES, BR, UY, PE, CO, EC → mx;
 * US → us; anything else → la.
 */
export function routeCountryForIso(iso2: string | undefined | null): RouteCountry {
  switch ((iso2 ?? '').toUpperCase()) {
    case 'AR':
      return 'ar';
    case 'CL':
      return 'cl';
    case 'MX':
    case 'ES':
    case 'BR':
    case 'UY':
    case 'PE':
    case 'CO':
    case 'EC':
      return 'mx';
    case 'US':
      return 'us';
    default:
      return 'la';
  }
}

const isoBySpecId: Record<number, string> = Object.fromEntries([
  ...Object.entries(countryIds).map(([iso, id]) => [id, iso]),
  [uruguayLegacyId, 'UY'],
]);
export function isoForCountryId(id: number): string | undefined {
  return isoBySpecId[id];
}

/** The route prefix for links we send to a user (mails), from their country id. */
export function routeCountryForCountryId(id: number): RouteCountry {
  return routeCountryForIso(isoForCountryId(id));
}

/** spec 002 §8: preferred countries at the top of the phone input. */
export const preferredPhoneCountries = ['ar', 'cl', 'co', 'mx', 'pe', 'uy', 'br', 'es', 'ec', 'us'] as const;

const currencyByCountryId: Record<number, string> = {
  [countryIds.AR]: 'ARS',
  [countryIds.BR]: 'BRL',
  [countryIds.ES]: 'EUR',
  [countryIds.MX]: 'MXN',
  [countryIds.US]: 'USD',
  [countryIds.CL]: 'CLP',
  [countryIds.CO]: 'COP',
  [countryIds.PE]: 'PEN',
  [countryIds.UY]: 'UYU',
  [uruguayLegacyId]: 'UYU',
};

/**
 * The currency a professional of this country charges in (spec 002 §9: the base is USD, and
 * international buyers pay in USD). Countries we do not serve fall back to USD.
 */
export function currencyForCountryId(countryId: number): string {
  return currencyByCountryId[countryId] ?? 'USD';
}

/** Minor units per unit (ISO 4217 exponent): CLP has none, the others two. */
export function minorUnitsOf(currency: string): number {
  return currency === 'CLP' ? 1 : 100;
}
