import type { Language } from '@agendo/contract';

/**
 * Spanish names of the cities that name the zones our users pick (issue 12: zones showed as raw
 * IANA names in English). Intl names no zone cities, so the table covers the product's countries;
 * any other zone falls back to its IANA city with spaces.
 */
const spanishCities: Record<string, string> = {
  'America/Argentina/Buenos_Aires': 'Buenos Aires',
  'America/Buenos_Aires': 'Buenos Aires',
  'America/Argentina/Cordoba': 'Córdoba',
  'America/Argentina/Mendoza': 'Mendoza',
  'America/Argentina/Salta': 'Salta',
  'America/Argentina/Ushuaia': 'Ushuaia',
  'America/Mexico_City': 'Ciudad de México',
  'America/Monterrey': 'Monterrey',
  'America/Merida': 'Mérida',
  'America/Cancun': 'Cancún',
  'America/Tijuana': 'Tijuana',
  'America/Bogota': 'Bogotá',
  'America/Lima': 'Lima',
  'America/Santiago': 'Santiago de Chile',
  'America/Montevideo': 'Montevideo',
  'America/Asuncion': 'Asunción',
  'America/La_Paz': 'La Paz',
  'America/Sao_Paulo': 'São Paulo',
  'America/Guayaquil': 'Guayaquil',
  'America/Caracas': 'Caracas',
  'America/Panama': 'Panamá',
  'America/Costa_Rica': 'Costa Rica',
  'America/Guatemala': 'Guatemala',
  'America/El_Salvador': 'San Salvador',
  'America/Tegucigalpa': 'Tegucigalpa',
  'America/Managua': 'Managua',
  'America/Havana': 'La Habana',
  'America/Santo_Domingo': 'Santo Domingo',
  'America/Puerto_Rico': 'Puerto Rico',
  'America/New_York': 'Nueva York',
  'America/Chicago': 'Chicago',
  'America/Denver': 'Denver',
  'America/Los_Angeles': 'Los Ángeles',
  'America/Toronto': 'Toronto',
  'Europe/Madrid': 'Madrid',
  'Atlantic/Canary': 'Canarias',
  'Europe/Lisbon': 'Lisboa',
  'Europe/London': 'Londres',
  'Europe/Paris': 'París',
  'Europe/Rome': 'Roma',
  'Europe/Berlin': 'Berlín',
  UTC: 'UTC',
};

/** 'GMT-3' for the zone at that instant (daylight saving changes it), from Intl. */
// Building an Intl formatter costs far more than using one, and a slot list names the same zone
// on every row: one per zone (issue 13: on a phone the booking picker spent ~40 ms building them).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('es', { timeZone: zone, timeZoneName: 'shortOffset' });
    offsetFormats.set(zone, format);
  }
  return format;
}

export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = offsetFormat(zone).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The zone's city for people: 'Ciudad de México' in Spanish, 'Mexico City' in English. */
export function zoneCity(zone: string, lang: Language = 'es'): string {
  const spanish = lang === 'es' ? spanishCities[zone] : undefined;
  return spanish ?? (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

/** 'Buenos Aires (GMT-3)': how every screen names a time zone. */
export function zoneLabel(zone: string, lang: Language = 'es', at: Date = new Date()): string {
  const offset = zoneOffset(zone, at);
  return offset ? `${zoneCity(zone, lang)} (${offset})` : zoneCity(zone, lang);
}

/**
 * 'Buenos Aires, GMT-3': the same label for text that already holds it in brackets, which read
 * '(tu hora, Buenos Aires (GMT-3))' with the usual form (issue 12).
 */
export function zoneLabelPlain(zone: string, lang: Language = 'es', at: Date = new Date()): string {
  const offset = zoneOffset(zone, at);
  return offset ? `${zoneCity(zone, lang)}, ${offset}` : zoneCity(zone, lang);
}
