import { currentMexicanNationalNumber, mexicanCallingCode } from '@agendo/contract';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';

export type PhoneCheck = { flag: 1; phone: string } | { flag: 0; phone: string; error: 'E70' | 'E71' };

/**
 * spec 002 §8 "Phone": valid gives flag 1 and the number in international (E.164) form,
 * else 0. The codes are change-user-phone's: E70 'Debes ingresar tu teléfono.',
 * E71 'El teléfono ingresado no es valido.'.
 */
export function validatePhone(value: string | null | undefined): PhoneCheck {
  const text = (value ?? '').trim();
  if (text.replace(/^\+\d{0,4}\s*/, '') === '') return { flag: 0, phone: '', error: 'E70' };
  const parsed = parsePhoneNumberFromString(text);
  if (parsed?.isValid()) return { flag: 1, phone: parsed.number };
  // The server accepts Mexico's old '+52 1' mobiles (numbers stored before 2019 carry it).
  const current =
    parsed?.countryCallingCode === mexicanCallingCode && currentMexicanNationalNumber(parsed.nationalNumber);
  const modern = current ? parsePhoneNumberFromString(`+${mexicanCallingCode}${current}`) : undefined;
  if (modern?.isValid()) return { flag: 1, phone: modern.number };
  return { flag: 0, phone: text, error: 'E71' };
}

export interface PhoneCountry {
  iso2: string;
  callingCode: string;
  name: string;
  flag: string;
}

export function flagEmoji(iso2: string): string {
  return String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Every country the phone library knows, named in the page's language. */
export function phoneCountries(lang: string): PhoneCountry[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return getCountries().map((code) => ({
    iso2: code.toLowerCase(),
    callingCode: getCountryCallingCode(code),
    name: names.of(code) ?? code,
    flag: flagEmoji(code),
  }));
}

export function callingCodeOf(iso2: string): string {
  return getCountryCallingCode(iso2.toUpperCase() as CountryCode);
}

/** The country of a stored number, for showing it back in the input. */
export function countryOfPhone(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return parsePhoneNumberFromString(value)?.country?.toLowerCase();
}
