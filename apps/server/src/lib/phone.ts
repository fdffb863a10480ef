import { currentMexicanNationalNumber, mexicanCallingCode } from '@agendo/contract';
import { isSupportedCountry, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * spec 001 §5 and 002 §8: a phone is valid only when the international number library says so,
 * and is stored in E.164. A number written with '+' (or with the region's own international
 * prefix, '00 …') is read as international; any other spelling is national to `region`, the
 * ISO code of the contact's (or the user's) country, with its trunk prefixes ('011 15 …',
 * '0351 15 …', '(11) 9…'). A number that is not valid there is refused (null), never moved to
 * another country by turning its digits into a calling code. Without a region only the
 * international spelling can be read.
 */
export function normalisePhone(raw: string, region: string | null | undefined): string | null {
  const text = raw.trim();
  const iso = (region ?? '').toUpperCase();
  const defaultCountry = isSupportedCountry(iso) ? iso : undefined;
  if (!defaultCountry && !text.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry } : undefined);
  if (!parsed) return null;
  if (parsed.isValid()) return parsed.number;
  return legacyMexicanMobile(parsed);
}

/** Mexico's pre-2019 mobile forms, still in address books: checked again in the current form. */
function legacyMexicanMobile(parsed: PhoneNumber): string | null {
  if (parsed.countryCallingCode !== mexicanCallingCode) return null;
  const current = currentMexicanNationalNumber(parsed.nationalNumber);
  const modern = current ? parsePhoneNumberFromString(`+${mexicanCallingCode}${current}`) : undefined;
  return modern?.isValid() ? modern.number : null;
}
