/**
 * The months as written in Spanish dates ('28 de noviembre de 2026'), January first. One list for
 * the server's slot labels, the legal pages' dates and the e2e journeys that read Spanish dates,
 * so none needs a date library or Intl's locale data for them.
 */
export const SPANISH_MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;
