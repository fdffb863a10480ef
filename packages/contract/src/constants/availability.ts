import type { ErrorCatalogue } from '../action.ts';

// Catalogues a public page shows, apart from the actions' zod schemas so that the service page
// can name their errors without downloading zod (issue 13).

/** find-turns (spec 000 §2.7): an unknown publication, paging outside the bookable window. */
export const findTurnsErrors = {
  E7: { es: 'No encontramos la publicación.', en: 'Publication not found.' },
  E3: { es: 'Fechas no disponibles.', en: 'No earlier dates available.' },
  E4: { es: 'Próximas fechas no disponibles.', en: 'No later dates available.' },
} satisfies ErrorCatalogue;
