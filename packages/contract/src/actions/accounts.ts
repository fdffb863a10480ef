import { z } from 'zod';
import { action, ok, okOnly } from '../action.ts';
import { UserInfo } from '../shapes/accounts.ts';
import { UserPlanData } from '../shapes/plans.ts';
import {
  email,
  emailTaken,
  Lang,
  OptionalRef,
  phoneInvalid,
  TimeZone,
  UserType,
  userNameErrors,
  userNames,
} from './fields.ts';

/**
 * spec 000 §7: with a professional's ref it answers that professional's booking flags
 * (blockUse, card_added, userPlan), which the public booking picker reads; without one,
 * the signed-in user's own flags.
 */
export const findUserData = action('find-user-data', {
  input: z.object({ ref: OptionalRef }),
  output: ok({
    ref: z.string(),
    userType: UserType,
    blockUse: z.union([z.literal(0), z.literal(1)]),
    card_added: z.union([z.literal(0), z.literal(1)]),
    userPlan: z.number().int(),
    emailVerified: z.boolean().optional(),
    newUser: z.boolean().optional(),
    /** Only for the caller's own flags: shows the administration tools. */
    isAdmin: z.boolean().optional(),
    /** spec 002 §3: a professional's own call also carries the plan fields. */
    ...UserPlanData.omit({ blockUse: true, card_added: true, userPlan: true }).partial().shape,
  }),
  errors: {
    E7: { es: 'No encontramos al profesional.', en: 'Professional not found.' },
  },
});

/** spec 000 §2.4: finishing the first-time tour clears the new-user flag. */
export const clearNewUser = action('clear-new-user', { input: z.object({}), output: okOnly });

export const findUserInfo = action('find-user-info', {
  input: z.object({}),
  output: ok({ ...UserInfo.shape }),
});

export const changeUserInfo = action('change-user-info', {
  input: z.object({
    ...userNames,
    userTimeZone: TimeZone.optional(),
    userLang: Lang.optional(),
    userCountry: z.number({ error: 'E20' }).int('E20').positive('E20').optional(),
  }),
  output: okOnly,
  errors: {
    ...userNameErrors,
    E20: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'userCountry' },
  },
});

/**
 * spec 002 §8: the phone is checked with an international number library; the server
 * repeats the check (the contract depends on zod alone, so the library check lives there).
 */
export const changeUserPhone = action('change-user-phone', {
  input: z.object({
    userPhone: z.string({ error: 'E70' }).trim().min(1, 'E70').max(32, 'E71'),
  }),
  output: ok({ userPhone: z.string() }),
  errors: {
    E70: { es: 'Debes ingresar tu teléfono.', en: 'Enter your phone number.', field: 'userPhone' },
    E71: phoneInvalid,
  },
});

/** The new address takes effect when the link mailed to it is opened (verify-email). */
export const changeUserEmail = action('change-user-email', {
  input: z.object({
    userMail: email({ required: 'E2', invalid: 'E3' }),
    userPassword: z.string({ error: 'E43' }).min(1, 'E43').max(128, 'E43'),
  }),
  output: okOnly,
  errors: {
    E2: { es: 'Debes ingresar el nuevo email.', en: 'Enter the new e-mail.', field: 'userMail' },
    E3: { es: 'El email ingresado no es válido.', en: 'The e-mail is not valid.', field: 'userMail' },
    E4: {
      es: 'El email ingresado es el que ya usas.',
      en: 'This is the e-mail you already use.',
      field: 'userMail',
    },
    E5: emailTaken,
    E43: {
      es: 'La contraseña actual no es correcta.',
      en: 'The current password is not correct.',
      field: 'userPassword',
    },
  },
});
