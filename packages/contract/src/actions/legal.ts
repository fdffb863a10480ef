import { z } from 'zod';
import { action, ok, okOnly } from '../action.ts';
import { DELETION_CONFIRM_WORD, LegalAcceptance, legalVersionErrors } from '../constants/legal.ts';

/** What the privacy screen shows: what this person accepted and when, and what is in force. */
export const findLegalAcceptances = action('find-legal-acceptances', {
  input: z.object({}),
  output: ok({
    acceptances: z.array(LegalAcceptance),
    current: z.object({ terms: z.string(), privacy: z.string() }),
  }),
});

/** A signed-in person accepts the versions in force (after a change, or an account from before). */
export const acceptLegal = action('accept-legal', {
  input: z.object({
    terms: z.string({ error: 'E52' }).max(32, 'E52'),
    privacy: z.string({ error: 'E52' }).max(32, 'E52'),
  }),
  output: okOnly,
  errors: legalVersionErrors,
});

const ExportBooking = z.object({
  ref: z.string(),
  /** Which side of the appointment this person was on. */
  role: z.enum(['client', 'professional']),
  title: z.string(),
  startsAt: z.string(),
  durationMin: z.number(),
  state: z.string(),
  priceMinor: z.number(),
  currency: z.string(),
  paid: z.boolean(),
});

/**
 * Ley 25.326 art. 14 (right of access): everything the platform keeps about the caller as the
 * controller, in one JSON document. Clinical records a professional keeps about the caller are
 * that professional's (Ley 26.529 art. 14: the patient asks the professional for a copy), so the
 * export names them without their content; a professional's own contacts are listed by name.
 */
export const exportMyData = action('export-my-data', {
  input: z.object({}),
  output: ok({
    exportedAt: z.string(),
    account: z.object({
      ref: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      userType: z.union([z.literal(1), z.literal(2)]),
      countryId: z.number(),
      timeZone: z.string(),
      lang: z.string(),
      createdAt: z.string(),
      emailVerified: z.boolean(),
    }),
    profile: z
      .object({
        businessName: z.string().nullable(),
        nickname: z.string().nullable(),
        bio: z.string().nullable(),
      })
      .nullable(),
    acceptances: z.array(LegalAcceptance),
    bookings: z.array(ExportBooking),
    contacts: z.array(
      z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
    ),
    notifications: z.array(z.object({ title: z.string(), body: z.string(), createdAt: z.string() })),
    clinicalNote: z.string(),
  }),
});

/**
 * Closes the caller's own account after the password and the typed word confirm it: personal
 * data is removed, sessions end, publications stop showing. Clinical entries are kept for
 * CLINICAL_RETENTION_YEARS (Ley 26.529), which the answer states.
 */
export const requestAccountDeletion = action('request-account-deletion', {
  input: z.object({
    userPassword: z.string({ error: 'E43' }).min(1, 'E43').max(128, 'E43'),
    confirmation: z
      .string({ error: 'E53' })
      .trim()
      .refine((word) => word === DELETION_CONFIRM_WORD, 'E53'),
  }),
  output: ok({ retainClinicalUntil: z.string() }),
  errors: {
    E43: {
      es: 'La contraseña ingresada no es correcta.',
      en: 'The password is not correct.',
      field: 'userPassword',
    },
    E53: {
      es: `Escribe ${DELETION_CONFIRM_WORD} para confirmar.`,
      en: `Type ${DELETION_CONFIRM_WORD} to confirm.`,
      field: 'confirmation',
    },
  },
});
