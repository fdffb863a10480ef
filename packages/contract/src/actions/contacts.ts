import { z } from 'zod';
import type { ErrorCatalogue } from '../action.ts';
import { action, ok, okOnly } from '../action.ts';
import { addressErrors } from '../constants/address.ts';
import { contactNoteMaxLength, contactNotFound, psicoNoteLimits } from '../constants/contacts.ts';
import {
  email,
  emailTaken,
  NewOrRef,
  numeric,
  OptionalRef,
  optionalBlank,
  phoneInvalid,
  Ref,
  TimeZone,
} from './fields.ts';

// spec 001 §5: names 1 to 50 characters, letters only (with the spaces, apostrophes, dots and
// hyphens real names carry).
const nameChars = /^[\p{L}][\p{L}\p{M} '.-]*$/u;
function contactName(codes: { required: string; length: string; letters: string }) {
  return z
    .string({ error: codes.required })
    .trim()
    .min(1, codes.required)
    .max(50, codes.length)
    .regex(nameChars, codes.letters);
}

/** Optional free text: '' and null mean "none"; the server stores null. */
function optionalText(max: number, lengthCode: string, chars?: { pattern: RegExp; code: string }) {
  let schema = z.string({ error: lengthCode }).trim().max(max, lengthCode);
  if (chars) schema = schema.regex(chars.pattern, chars.code);
  return schema.nullish();
}

// spec 001 §5: address 3 to 250 characters; E31 (when editing) letters and numbers, plus the
// punctuation street addresses use.
const streetChars = /^[\p{L}\p{M}0-9 .,#/º°'-]*$/u;
const street = z
  .string({ error: 'E29' })
  .trim()
  .max(250, 'E30a')
  .refine((s) => s === '' || s.length >= 3, 'E30a')
  .regex(streetChars, 'E31');

const placeId = (code: string) => numeric(z.number({ error: code }).int(code).positive(code));
const birthPart = (code: string) => numeric(z.number({ error: code }).int('E17'));

/** The fields both add-contact and update-contact take (spec 001 §2.2 and §7). */
const contactFields = {
  userFirstName: contactName({ required: 'E10', length: 'E11', letters: 'E12' }),
  userLastName: contactName({ required: 'E13', length: 'E14', letters: 'E15' }),
  // spec 001 §5: required and valid; the server checks it again with libphonenumber and stores E.164.
  userPhone: z.string({ error: 'E70' }).trim().min(1, 'E70').max(32, 'E71'),
  userMail: email({ required: 'E2', invalid: 'E3' }),
  userCountry: placeId('E20'),
  /** Required when the country has states (E23); the server checks it belongs to the country. */
  userState: optionalBlank(placeId('E24')),
  userCity: optionalBlank(placeId('E26')),
  userIdentify: optionalText(20, 'E40', { pattern: /^[\p{L}0-9 .-]*$/u, code: 'E40' }),
  userFloor: optionalText(3, 'E33', { pattern: /^[\p{L}0-9]*$/u, code: 'E34' }),
  userDepto: optionalText(8, 'E36', { pattern: /^[\p{L}0-9 -]*$/u, code: 'E37' }),
  userPObox: optionalText(10, 'E38', { pattern: /^[A-Za-z0-9 -]*$/, code: 'E38' }),
  userGender: optionalBlank(numeric(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'E39' }))),
  // spec 001 §2.2: kept only when both the professional's and the contact's country is 5.
  obraSocial: optionalText(150, 'E50'),
  numObraSocial: optionalText(150, 'E51'),
  timezone: TimeZone.optional(),
};

const contactErrors = {
  E2: {
    es: 'Debes ingresar el email del consultante.',
    en: "Enter the contact's e-mail.",
    field: 'userMail',
  },
  E3: { es: 'El email ingresado no es válido.', en: 'The e-mail is not valid.', field: 'userMail' },
  E4: { es: 'No puedes utilizar ese email.', en: 'You cannot use that e-mail.', field: 'userMail' },
  E10: {
    es: 'Debes ingresar el nombre del consultante.',
    en: "Enter the contact's first name.",
    field: 'userFirstName',
  },
  E11: {
    es: 'El nombre debe tener entre 1 y 50 caracteres.',
    en: 'The first name must have 1 to 50 characters.',
    field: 'userFirstName',
  },
  E12: {
    es: 'El nombre solo puede contener letras.',
    en: 'The first name can only contain letters.',
    field: 'userFirstName',
  },
  E13: {
    es: 'Debes ingresar el apellido del consultante.',
    en: "Enter the contact's last name.",
    field: 'userLastName',
  },
  E14: {
    es: 'El apellido debe tener entre 1 y 50 caracteres.',
    en: 'The last name must have 1 to 50 characters.',
    field: 'userLastName',
  },
  E15: {
    es: 'El apellido solo puede contener letras.',
    en: 'The last name can only contain letters.',
    field: 'userLastName',
  },
  E16: {
    es: 'Debes ingresar la fecha de nacimiento.',
    en: 'Enter the date of birth.',
    field: 'userBirthDay',
  },
  E17: {
    es: 'La fecha de nacimiento ingresada no es válida.',
    en: 'The date of birth is not valid.',
    field: 'userBirthDay',
  },
  E18: {
    es: 'La fecha de nacimiento ingresada no es posible.',
    en: 'The date of birth is not possible.',
    field: 'userBirthYear',
  },
  E19: {
    es: 'El consultante debe ser mayor de edad.',
    en: 'The contact must be an adult.',
    field: 'userBirthYear',
  },
  ...addressErrors,
  E39: { es: 'Debes seleccionar un género válido.', en: 'Choose a valid gender.', field: 'userGender' },
  E40: {
    es: 'El documento solo puede tener hasta 20 letras, números, puntos o guiones.',
    en: 'The id number can have up to 20 letters, numbers, dots or hyphens.',
    field: 'userIdentify',
  },
  E50: {
    es: 'La obra social no puede superar los 150 caracteres.',
    en: 'The health insurance cannot exceed 150 characters.',
    field: 'obraSocial',
  },
  E51: {
    es: 'El número de afiliado no puede superar los 150 caracteres.',
    en: 'The member number cannot exceed 150 characters.',
    field: 'numObraSocial',
  },
  // spec 001 §5 "Contact phone" (client-side texts; the server answers them too).
  E70: {
    es: 'Debes ingresar el teléfono del consultante.',
    en: "Enter the contact's phone number.",
    field: 'userPhone',
  },
  E71: phoneInvalid,
} satisfies ErrorCatalogue;

const contactNotFoundErrors = { E90: contactNotFound } satisfies ErrorCatalogue;

/** Where the birth date, address and gender of a contact may be given on creation, and must be on edit. */
const optionalBirthDate = {
  userBirthYear: optionalBlank(birthPart('E17')),
  userBirthMonth: optionalBlank(birthPart('E17')),
  userBirthDay: optionalBlank(birthPart('E17')),
};

/**
 * spec 001 §7: add-contact carries the short form (names, phone, mail, country, state, id
 * number); the rest of the form may come along and is checked the same way as on edit.
 */
export const addContact = action('add-contact', {
  input: z.object({
    ...contactFields,
    ...optionalBirthDate,
    userStreet: street.nullish(),
    note: z.string({ error: 'E41' }).max(contactNoteMaxLength, 'E41').nullish(),
  }),
  output: ok({ ref: z.string() }),
  errors: {
    ...contactErrors,
    // spec 001 §8 E30 "contact already loaded" and E31's second reading ("a contact with this
    // mail already exists") are one rule here: the e-mail is already in your contacts.
    E30: {
      es: 'Este consultante ya se encuentra cargado.',
      en: 'This contact is already in your list.',
      field: 'userMail',
    },
    E41: { es: 'La nota es demasiado larga.', en: 'The note is too long.', field: 'note' },
  },
});

/** spec 001 §7: the add fields plus address, gender, birth date and insurance, by ref. */
export const updateContact = action('update-contact', {
  input: z.object({
    ref: Ref,
    ...contactFields,
    userBirthYear: birthPart('E16'),
    userBirthMonth: birthPart('E16'),
    userBirthDay: birthPart('E16'),
    userStreet: street.refine((s) => s !== '', 'E29'),
  }),
  output: okOnly,
  errors: {
    ...contactErrors,
    ...contactNotFoundErrors,
    E5: emailTaken,
  },
});

export const deleteContact = action('delete-contact', {
  input: z.object({ ref: Ref }),
  output: okOnly,
  errors: contactNotFoundErrors,
});

const ContactData = {
  userFirstName: z.string(),
  userLastName: z.string(),
  userMail: z.string(),
  userPhone: z.string().nullable(),
  userCountry: z.number().int().nullable(),
  userState: z.number().int().nullable(),
  userCity: z.number().int().nullable(),
  userStreet: z.string().nullable(),
  userFloor: z.string().nullable(),
  userDepto: z.string().nullable(),
  userPObox: z.string().nullable(),
  userGender: z.number().int().nullable(),
  userBirthYear: z.number().int().nullable(),
  userBirthMonth: z.number().int().nullable(),
  userBirthDay: z.number().int().nullable(),
  /** Only when both countries are 5 (spec 001 §3), else null. */
  obraSocial: z.string().nullable(),
  numObraSocial: z.string().nullable(),
  userIdentify: z.string().nullable(),
  userImg: z.string().nullable(),
};

/**
 * spec 001 §3 "Contact (list entry)": idSeller is the contact's ref, imgSeller and sellerName its
 * picture and full name, idChat the linked account's ref (the prof-chat target) when there is one.
 * The data fields are null for a team member without contactsInfo; the free-text note is read with
 * find-notes only (contactsNotes).
 */
const ContactListEntry = z.object({
  idSeller: z.string(),
  imgSeller: z.string().nullable(),
  sellerName: z.string(),
  idChat: z.string().nullable(),
  ...ContactData,
  createdAt: z.string(),
});

export const findContacts = action('find-contacts', {
  input: z.object({ mode: numeric(z.literal(1, { error: 'E1' })).default(1), ref: OptionalRef }),
  output: ok({ contacts: z.array(ContactListEntry) }),
});

export const findUserInfoContact = action('find-user-info-contact', {
  input: z.object({ ref: Ref }),
  output: ok({
    ref: z.string(),
    idChat: z.string().nullable(),
    ...ContactData,
    userCountryName: z.string().nullable(),
    userStateName: z.string().nullable(),
    userCityName: z.string().nullable(),
    /** Whether the insurance fields apply (both countries 5, spec 001 §2.2). */
    insurance: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  errors: contactNotFoundErrors,
});

export const findNotes = action('find-notes', {
  input: z.object({ ref: Ref }),
  output: ok({ note: z.string() }),
  errors: contactNotFoundErrors,
});

/** The single free-text note; an empty text clears it. Toast 'Se ha actualizado las notas del usuario.'. */
export const updateNotes = action('update-notes', {
  input: z.object({
    ref: Ref,
    note: z.string({ error: 'E4' }).max(contactNoteMaxLength, 'E4'),
  }),
  output: okOnly,
  errors: {
    ...contactNotFoundErrors,
    E4: { es: 'La nota es demasiado larga.', en: 'The note is too long.', field: 'note' },
  },
});

const PsicoNote = z.object({
  /** The note's ref (spec 001 §3 "Psico note": id, date, note). */
  id: z.string(),
  /** When it was written (ISO-8601 UTC). */
  date: z.string(),
  note: z.string(),
  /** Set when the text was edited; earlier texts are kept server-side. */
  editedAt: z.string().nullable(),
});

/** spec 001 §2.4 and §7: newest first, 10 per load; `next` is the offset (0, 10, 20 …). */
export const findPsicoNotes = action('find-psico-notes', {
  input: z.object({
    consId: Ref,
    next: numeric(z.number({ error: 'E1' }).int('E1').min(0, 'E1').max(1_000_000, 'E1')).default(0),
  }),
  output: ok({ notes: z.array(PsicoNote), hasMore: z.boolean() }),
  errors: { E90: { ...contactNotFoundErrors.E90, field: 'consId' } },
});

/** spec 001 §4 "Notes": with a ref it edits (the previous text is kept), without one it creates. */
export const savePsicoNotes = action('save-psico-notes', {
  input: z.object({
    consId: Ref,
    ref: NewOrRef,
    note: z
      .string({ error: 'E2' })
      .trim()
      .min(1, 'E2')
      .min(psicoNoteLimits.min, 'E3')
      .max(psicoNoteLimits.max, 'E4'),
    timezone: TimeZone.optional(),
  }),
  output: ok({ id: z.string() }),
  errors: {
    E2: { es: 'La nota no puede estar vacia.', en: 'The note cannot be empty.', field: 'note' },
    E3: { es: 'La nota es demasiado corta.', en: 'The note is too short.', field: 'note' },
    E4: { es: 'La nota es demasiado larga.', en: 'The note is too long.', field: 'note' },
    E90: { ...contactNotFoundErrors.E90, field: 'consId' },
    E91: { es: 'No encontramos la nota.', en: 'Note not found.' },
  },
});

/** spec 001 §7: the contacts spreadsheet; `file` is a private link only its owner can download. */
export const downloadExcelContacts = action('download-excel-contacts', {
  input: z.object({ timezone: TimeZone.optional() }),
  output: ok({ file: z.string() }),
});

/**
 * The Bookings tab (spec 001 §2.1): the contact's bookings with this professional, newest first.
 * A simple list until the bookings slice gives its own.
 */
export const findContactBookings = action('find-contact-bookings', {
  input: z.object({ ref: Ref }),
  output: ok({
    bookings: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        startsAt: z.string(),
        endsAt: z.string(),
        state: z.string(),
      }),
    ),
  }),
  errors: contactNotFoundErrors,
});
