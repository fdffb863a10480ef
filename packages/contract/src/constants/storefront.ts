import type { ErrorCatalogue } from '../action.ts';

/**
 * spec 000 §3 "Local storage keys": the cart is kept under this key until the booking is made.
 * (Here rather than next to CartRecord: the service page writes the cart without zod, issue 13.)
 */
export const cartStorageKey = 'cart';
/** spec 000 §9: questions are loaded 10 at a time. */
export const questionsPageSize = 10;
/** spec 000 §9: a question kept in local storage is sent after login only within 5 minutes. */
export const pendingQuestionWindowMs = 300_000;
/** Distinct reports that hide a question or an answer (our rule; the spec names none). */
export const reportsToHide = 3;
export const questionLimits = { min: 5, max: 500 } as const;
export const answerLimits = { min: 2, max: 1000 } as const;

// Catalogues the service page shows, apart from the actions' zod schemas so that it can name
// their errors without downloading zod (issue 13).

export const saveQuestionErrors = {
  E2: { es: 'Debes ingresar tu pregunta.', en: 'Write your question.', field: 'question' },
  E3: {
    es: 'La pregunta debe tener entre 5 y 500 caracteres.',
    en: 'The question must have 5 to 500 characters.',
    field: 'question',
  },
  E4: {
    es: 'No puedes hacer preguntas en tu propia publicación.',
    en: 'You cannot ask questions on your own publication.',
    field: 'question',
  },
  E5: { es: 'No encontramos la publicación.', en: 'Publication not found.' },
  E6: {
    es: 'Hiciste demasiadas preguntas. Espera unos minutos y vuelve a intentarlo.',
    en: 'Too many questions. Wait a few minutes and try again.',
    field: 'question',
  },
} satisfies ErrorCatalogue;

export const reportQuestionErrors = {
  E12: { es: 'No encontramos la pregunta.', en: 'Question not found.' },
} satisfies ErrorCatalogue;
