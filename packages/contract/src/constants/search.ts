/** Results per page of search-publications ('Cargar más' asks for the next 12). */
export const searchPageSize = 12;

/** Courses per page of search-courses ('Ver más cursos' asks for the next ones). */
export const coursePageSize = 6;

/** spec 000 §2.2: the search routes' `type`: results by therapy or by symptom. */
export const searchTypes = ['terapias', 'sintomas'] as const;
export type SearchType = (typeof searchTypes)[number];

/** The professional's gender as the search filter offers it. */
export const genders = [
  { id: 1, es: 'Hombre', en: 'Man' },
  { id: 2, es: 'Mujer', en: 'Woman' },
  { id: 3, es: 'Transgenero', en: 'Transgender' },
] as const;
export type GenderId = (typeof genders)[number]['id'];

/** Currencies the exchange-rate table starts with: the served countries' own and USD. */
export const seededCurrencies = ['USD', 'ARS', 'BRL', 'EUR', 'MXN', 'CLP', 'COP', 'PEN', 'UYU'] as const;
