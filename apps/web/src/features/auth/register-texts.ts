import { defineTexts } from '../../i18n/use-texts.ts';

// Apart from the shell's dictionary (i18n/es.ts), which every page's first load carries: only the
// page that shows these texts loads them (issue 13).
export const registerTexts = defineTexts(
  {
    'register.title': 'Crear cuenta',
    'register.subtitle': 'Es gratis y te lleva un minuto.',
    'register.type': 'Tipo de cuenta',
    'register.pro': 'Soy profesional',
    'register.client': 'Soy consultante',
    'register.submit': 'Crear cuenta',
    'register.acceptStart': 'Al crear tu cuenta aceptas los',
    'register.acceptAnd': 'y la',
    'register.haveAccount': '¿Ya tienes cuenta?',
    'register.sent': 'Te enviamos un email para verificar tu cuenta.',
  },
  {
    'register.title': 'Create account',
    'register.subtitle': 'It is free and takes a minute.',
    'register.type': 'Account type',
    'register.pro': 'I am a professional',
    'register.client': 'I am a client',
    'register.submit': 'Create account',
    'register.acceptStart': 'By creating your account you accept the',
    'register.acceptAnd': 'and the',
    'register.haveAccount': 'Already have an account?',
    'register.sent': 'We sent you an e-mail to verify your account.',
  },
);
