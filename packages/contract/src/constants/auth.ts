import type { ErrorCatalogue } from '../action.ts';

// The login form's catalogue, apart from the action's zod schema so that the login page can
// name its errors without downloading zod (issue 13). actions/auth.ts builds on them.

export const mailErrors = {
  E2: { es: 'Debes ingresar tu email.', en: 'Enter your e-mail.', field: 'userMail' },
  E3: { es: 'El email ingresado no es válido.', en: 'The e-mail is not valid.', field: 'userMail' },
} satisfies ErrorCatalogue;

export const loginErrors = {
  ...mailErrors,
  E6: {
    es: 'El email o la contraseña no son correctos.',
    en: 'The e-mail or the password is not correct.',
    field: 'userPassword',
  },
  E40: { es: 'Debes ingresar tu contraseña.', en: 'Enter your password.', field: 'userPassword' },
} satisfies ErrorCatalogue;
