/** spec 001 §2.2: userGender 1 Hombre, 2 Mujer, 3 Transgenero. */
export const contactGenders = [
  { value: 1, es: 'Hombre', en: 'Man' },
  { value: 2, es: 'Mujer', en: 'Woman' },
  { value: 3, es: 'Transgenero', en: 'Transgender' },
] as const;

/** spec 001 §2.2 and §9: the birth-year list runs from the current year back to 1940. */
export const contactBirthYearFrom = 1940;

/** spec 001 §9 and §7: session notes ('Apuntes') load 10 at a time. */
export const psicoNotesPageSize = 10;

/** spec 001 §5 "Note (server)": limits not shown; ours. */
export const psicoNoteLimits = { min: 2, max: 10_000 } as const;

/** The single free-text note of a contact (find-notes / update-notes). */
export const contactNoteMaxLength = 10_000;

/** spec 001 §5: the contact must be an adult (18 in Argentina and most of the region). */
export const contactAdultAge = 18;

/**
 * spec 001 §8 E4 'No puedes utilizar ese email.': disposable-mail domains are refused, since a
 * contact's address is used for booking reminders and must reach a person.
 */
export const disposableEmailDomains = [
  '10minutemail.com',
  'dispostable.com',
  'guerrillamail.com',
  'mailinator.com',
  'maildrop.cc',
  'sharklasers.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
] as const;

/** spec 001 §2.2 userImg: the contact's picture, re-encoded to a webp of at most 512 px a side. */
export const contactImageLimits = { maxBytes: 5 * 1024 * 1024, side: 512 } as const;

/** A contact ref that is unknown or not in the caller's book (E90). */
export const contactNotFound = { es: 'No encontramos al consultante.', en: 'Contact not found.' };
