import { SPANISH_MONTH_NAMES } from '@agendo/contract';

/**
 * '28 de noviembre de 2026' from an ISO date or instant (the calendar day as written), with no
 * date library or Intl data: the legal pages are public.
 */
export function longDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${day} de ${SPANISH_MONTH_NAMES[(month ?? 1) - 1]} de ${year}`;
}
