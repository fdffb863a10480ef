import { countryIds, minorUnitsOf } from '../constants/countries.ts';

/** spec 002 §9: number formatting uses the es-AR locale, or en-US for country 55. */
export function moneyLocaleFor(countryId: number): 'es-AR' | 'en-US' {
  return countryId === countryIds.US ? 'en-US' : 'es-AR';
}

/** An amount in major units (1234.5) with its currency, formatted for the viewer's country. */
// Building an Intl.NumberFormat costs far more than formatting with one, and lists format a
// price per row (issue 13): one formatter per locale and currency, kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string, countryId: number): string {
  const locale = moneyLocaleFor(countryId);
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = minorUnitsOf(currency) === 1 ? 0 : 2;
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Locales and currencies are a short fixed list; the bound only guards against misuse.
    if (moneyFormats.size > 1000) moneyFormats.clear();
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/**
 * The one way the app shows an amount (STYLE "Money and time": never ambiguous): formatted for
 * the viewer's country, with the currency's code when the symbol alone does not name it. '$' is
 * the peso in Argentina and Mexico, so a dollar reads 'US$ 30,00', never '$30.00', and a peso
 * '$ 20.000,00 ARS'; a viewer in the United States reads '$30.00 USD'.
 */
export function moneyText(amount: number, currency: string, countryId: number): string {
  const formatted = formatMoney(amount, currency, countryId);
  const named = formatted.includes(currency) || (currency === 'USD' && formatted.includes('US$'));
  return named ? formatted : `${formatted} ${currency}`;
}

/** Minor units (integer, as stored) to a decimal amount for the wire: 145050 ARS → 1450.5. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / minorUnitsOf(currency);
}

/**
 * Minor units to the exact decimal text payment APIs take (PayPal's `value`): 3000 USD → "30.00",
 * 25000 CLP → "25000". Integer arithmetic, so no binary-float digits ever reach a provider.
 */
export function toDecimalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = String(minorUnitsOf(currency)).length - 1;
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

/** A decimal amount to minor units, rounded half away from zero. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * minorUnitsOf(currency));
}

/**
 * Exchange rates are "units of the currency per 1 USD" (ARS 1450 means 1 USD = 1450 ARS).
 * Converts an amount in minor units of `from` into minor units of `to`, rounded to whole
 * minor units; both rates must be positive.
 */
export function convertMinorUnits(
  minor: number,
  from: { currency: string; unitsPerUsd: number },
  to: { currency: string; unitsPerUsd: number },
): number {
  if (from.currency === to.currency) return minor;
  const usd = minor / minorUnitsOf(from.currency) / from.unitsPerUsd;
  return Math.round(usd * to.unitsPerUsd * minorUnitsOf(to.currency));
}

/**
 * Exchange rates travel and are stored as canonical decimal strings with up to 6 decimals
 * ('1450', '0.862', '5.3512'), so no binary rounding creeps in when an administrator saves one.
 */
export const exchangeRatePattern = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,6})?$/;

export function canonicalRate(text: string): string {
  const [int = '0', frac = ''] = text.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${int}.${trimmed}` : int;
}
