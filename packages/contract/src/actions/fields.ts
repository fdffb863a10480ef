import { z } from 'zod';

/** Public identifiers: random, url-safe, unguessable (ARCHITECTURE §3). */
export const Ref = z.string({ error: 'E1' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'E1');

/** spec 001 §9: names up to 50 characters; letters, spaces, apostrophes, dots and hyphens. */
const nameChars = /^[\p{L}][\p{L}\p{M} '.-]*$/u;
export function personName(codes: { required: string; length: string; letters: string }) {
  return z
    .string({ error: codes.required })
    .trim()
    .min(1, codes.required)
    .min(2, codes.length)
    .max(50, codes.length)
    .regex(nameChars, codes.letters);
}

export function email(codes: { required: string; invalid: string }) {
  return z
    .string({ error: codes.required })
    .trim()
    .toLowerCase()
    .min(1, codes.required)
    .max(254, codes.invalid)
    .pipe(z.email({ error: codes.invalid }));
}

/** OWASP ASVS 2.1: at least 8 characters, long passphrases allowed, no composition rules. */
export function password(codes: { required: string; short: string; long: string }) {
  return z.string({ error: codes.required }).min(1, codes.required).min(8, codes.short).max(128, codes.long);
}

/** Trimmed text up to `max` characters that may be null or left out; callers say what an empty one becomes. */
export function maybeText(max: number, code: string) {
  return z.string({ error: code }).trim().max(max, code).nullable().optional();
}

export const UserType = z.union([z.literal(1), z.literal(2)], { error: 'E50' });

// Checking a zone builds an Intl formatter, slow next to the rest of a cheap request's
// validation (search and find-turns send the viewer's zone on every call): accepted names are
// remembered (there are a few hundred; unknown ones are not kept).
const knownZones = new Set<string>();
function isKnownZone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < 1000) knownZones.add(tz);
  return true;
}

export const TimeZone = z.string({ error: 'E1' }).max(64, 'E1').refine(isKnownZone, 'E1');

export const Lang = z.enum(['es', 'en'], { error: 'E1' });

/** First and last name of a user, with the contact form's numbering (spec 001 §8: E10–E15). */
export const userNames = {
  userFirstName: personName({ required: 'E10', length: 'E11', letters: 'E12' }),
  userLastName: personName({ required: 'E13', length: 'E14', letters: 'E15' }),
};
/** Entries several catalogues share under their own codes. */
export const emailTaken = {
  es: 'El email ingresado ya se encuentra registrado.',
  en: 'This e-mail is already registered.',
  field: 'userMail',
};
export const phoneInvalid = {
  es: 'El teléfono ingresado no es valido.',
  en: 'The phone number is not valid.',
  field: 'userPhone',
};

export const userNameErrors = {
  E10: { es: 'Debes ingresar tu nombre.', en: 'Enter your first name.', field: 'userFirstName' },
  E11: {
    es: 'El nombre debe tener entre 2 y 50 caracteres.',
    en: 'The first name must have 2 to 50 characters.',
    field: 'userFirstName',
  },
  E12: {
    es: 'El nombre solo puede contener letras.',
    en: 'The first name can only contain letters.',
    field: 'userFirstName',
  },
  E13: { es: 'Debes ingresar tu apellido.', en: 'Enter your last name.', field: 'userLastName' },
  E14: {
    es: 'El apellido debe tener entre 2 y 50 caracteres.',
    en: 'The last name must have 2 to 50 characters.',
    field: 'userLastName',
  },
  E15: {
    es: 'El apellido solo puede contener letras.',
    en: 'The last name can only contain letters.',
    field: 'userLastName',
  },
};

/** http(s) links only: a javascript: or data: link would run in the client's browser. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const numericText = /^-?\d+(\.\d+)?$/;

/**
 * A number that may also come as a numeric string: the spec's own payloads (spec 000/001/002
 * §7) carry form values as text ('5', '1500.50'), the app sends numbers; the handler sees a
 * number either way. Anything else reaches `schema` unchanged and answers its code ('' →
 * "required", '-5' → "not correct").
 */
export function numeric<O, I>(schema: z.ZodType<O, I>) {
  return z.preprocess(
    (value) => (typeof value === 'string' && numericText.test(value.trim()) ? Number(value) : value),
    schema,
  ) as unknown as z.ZodType<O, I | string>;
}

/**
 * An optional value where the spec 001 §7 forms send '' for an unchosen select or an empty
 * field: '' and null read as null ("none").
 */
export function optionalBlank<O, I>(schema: z.ZodType<O, I>) {
  return (
    z.preprocess((value) => (value === '' ? null : value), schema.nullable()) as unknown as z.ZodType<
      O | null,
      I | '' | null
    >
  ).optional();
}

/** A 0/1 flag: the app sends numbers, the spec's payloads '0'/'1' or booleans. */
export function flag01(code = 'E1') {
  return z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: code })
    .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));
}

/** An optional ref; the spec's payloads send '' (or null) for "none". */
export const OptionalRef = z
  .union([z.literal(''), z.null(), Ref], { error: 'E1' })
  .optional()
  .transform((value) => value || undefined);

/** The ref of a save action: '' or null means "new" (spec 001 §7), so the other fields' own checks run. */
export const NewOrRef = z
  .union([z.literal(''), z.null(), Ref], { error: 'E1' })
  .optional()
  .transform((value) => value || null);
