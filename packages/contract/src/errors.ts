import type { ErrorCatalogue, ErrorEntry } from './action.ts';

/**
 * Codes any action can answer with. Action catalogues take precedence, so an action may
 * reuse a low number (the spec numbers codes per action: E2 means something else in each).
 */
export const commonErrors = {
  E1: { es: 'El dato ingresado no es válido.', en: 'The value entered is not valid.' },
  E400: { es: 'La solicitud no es válida.', en: 'The request is not valid.' },
  E401: {
    es: 'Tu sesión expiró. Inicia sesión nuevamente.',
    en: 'Your session has expired. Please sign in again.',
  },
  E403: {
    es: 'No tienes permisos para realizar esta acción.',
    en: 'You are not allowed to do this.',
  },
  E404: { es: 'La acción solicitada no existe.', en: 'The requested action does not exist.' },
  E413: { es: 'El archivo es demasiado grande.', en: 'The file is too large.' },
  E415: {
    es: 'El tipo de archivo no está permitido.',
    en: 'This file type is not allowed.',
  },
  E429: {
    es: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    en: 'Too many attempts. Wait a few minutes and try again.',
  },
  E500: {
    es: 'Ocurrió un error inesperado. Intenta nuevamente.',
    en: 'Something went wrong. Please try again.',
  },
} satisfies ErrorCatalogue;

/** HTTP status for codes that are not a plain "bad input" 400. */
export const httpStatusOf: Partial<Record<string, number>> = {
  E401: 401,
  E403: 403,
  E413: 413,
  E415: 415,
  E429: 429,
  E500: 500,
};

export const networkErrorMessage = 'Revise su conexión de internet.';

export function describeError(catalogue: ErrorCatalogue | undefined, code: string): ErrorEntry | undefined {
  return catalogue?.[code] ?? (commonErrors as ErrorCatalogue)[code];
}

/**
 * Validation issues carry the catalogue code as their message (`z.string().min(1, 'E2')`),
 * so the same schema yields the spec's code on the server and the Spanish text on the client.
 * (Here, not in action.ts, so that a page reading codes does not download zod.)
 */
export function isCode(message: string | undefined): message is string {
  return typeof message === 'string' && /^E\d+[a-z]?$/.test(message);
}
