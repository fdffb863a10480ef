import { defineTexts } from '../../i18n/use-texts.ts';

// Apart from the shell's dictionary (i18n/es.ts), which every page's first load carries: only the
// pages that show these texts load them (issue 13).
export const authPageTexts = defineTexts(
  {
    'verify.loading': 'Estamos verificando tu email…',
    'verify.success': '¡Tu email fue verificado!',
    'verify.successText': 'Tu cuenta ya está lista para usar.',
    'verify.continue': 'Continuar',
    'verify.errorTitle': 'No pudimos verificar tu email',
    'autologin.loading': 'Estamos iniciando tu sesión…',
    'autologin.errorTitle': 'No pudimos iniciar tu sesión',
    'autologin.login': 'Ir a iniciar sesión',
    'logout.loading': 'Cerrando sesión…',
  },
  {
    'verify.loading': 'Verifying your e-mail…',
    'verify.success': 'Your e-mail is verified!',
    'verify.successText': 'Your account is ready to use.',
    'verify.continue': 'Continue',
    'verify.errorTitle': 'We could not verify your e-mail',
    'autologin.loading': 'Signing you in…',
    'autologin.errorTitle': 'We could not sign you in',
    'autologin.login': 'Go to sign in',
    'logout.loading': 'Signing out…',
  },
);
