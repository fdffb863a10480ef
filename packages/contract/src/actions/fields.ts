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

export const UserType = z.union([z.literal(1), z.literal(2)], { error: 'E50' });

export const TimeZone = z
  .string({ error: 'E1' })
  .max(64, 'E1')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'E1');

export const Lang = z.enum(['es', 'en'], { error: 'E1' });
