import { z } from 'zod';
import { action, ok, okOnly } from '../action.ts';
import { loginErrors, mailErrors } from '../constants/auth.ts';
import { legalVersionErrors } from '../constants/legal.ts';
import {
  email,
  emailTaken,
  Lang,
  password,
  Ref,
  TimeZone,
  UserType,
  userNameErrors,
  userNames,
} from './fields.ts';

const passwordErrors = {
  E40: { es: 'Debes ingresar una contraseña.', en: 'Enter a password.', field: 'userPassword' },
  E41: {
    es: 'La contraseña debe tener al menos 8 caracteres.',
    en: 'The password must have at least 8 characters.',
    field: 'userPassword',
  },
  E42: {
    es: 'La contraseña no puede superar los 128 caracteres.',
    en: 'The password cannot be longer than 128 characters.',
    field: 'userPassword',
  },
};
const userMail = email({ required: 'E2', invalid: 'E3' });
const userPassword = password({ required: 'E40', short: 'E41', long: 'E42' });

export const register = action('register', {
  input: z.object({
    ...userNames,
    userMail,
    userPassword,
    userType: UserType,
    browserCountry: z.string({ error: 'E1' }).max(8, 'E1').optional(),
    userLang: Lang.optional(),
    userTimeZone: TimeZone.optional(),
    /** register/{ref?}: who invited this user (a referral or a team invitation). */
    ref: z.string({ error: 'E1' }).max(64, 'E1').optional(),
    /** The terms version the form showed (LEGAL_VERSIONS.terms); acceptance is recorded with it. */
    termsVersion: z.string({ error: 'E52' }).max(32, 'E52').optional(),
  }),
  output: ok({ token: z.string(), userType: UserType }),
  errors: {
    ...mailErrors,
    ...legalVersionErrors,
    E5: emailTaken,
    ...userNameErrors,
    ...passwordErrors,
    E50: { es: 'Debes elegir el tipo de cuenta.', en: 'Choose the account type.', field: 'userType' },
  },
});

export const login = action('login', {
  input: z.object({
    userMail,
    userPassword: z.string({ error: 'E40' }).min(1, 'E40').max(128, 'E6'),
  }),
  output: ok({ token: z.string(), userType: UserType }),
  errors: loginErrors,
});

export const logout = action('logout', { input: z.object({}), output: okOnly });

const linkErrors = {
  E60: {
    es: 'El enlace no es válido o ya fue utilizado.',
    en: 'This link is not valid or was already used.',
  },
  E61: {
    es: 'El enlace expiró. Solicita uno nuevo.',
    en: 'This link has expired. Ask for a new one.',
  },
};

export const verifyEmail = action('verify-email', {
  input: z.object({ ref: Ref }),
  output: ok({ userMail: z.string() }),
  errors: linkErrors,
});

export const resendVerification = action('resend-verification', {
  input: z.object({}),
  output: okOnly,
});

/** The answer is the same whether or not the address exists, so it cannot be used to probe accounts. */
export const recoveryAccount = action('recovery-account', {
  input: z.object({ userMail }),
  output: okOnly,
  errors: mailErrors,
});

export const changePassword = action('change-password', {
  input: z.object({ ref: Ref, userPassword }),
  output: ok({ token: z.string(), userType: UserType }),
  errors: { ...linkErrors, ...passwordErrors },
});

export const updatePassword = action('update-password', {
  input: z.object({
    currentPassword: z.string({ error: 'E43' }).min(1, 'E43').max(128, 'E43'),
    userPassword,
  }),
  output: ok({ token: z.string() }),
  errors: {
    ...passwordErrors,
    E43: {
      es: 'La contraseña actual no es correcta.',
      en: 'The current password is not correct.',
      field: 'currentPassword',
    },
  },
});

export const autologin = action('autologin', {
  input: z.object({ ref: Ref }),
  output: ok({ token: z.string(), userType: UserType }),
  errors: linkErrors,
});
