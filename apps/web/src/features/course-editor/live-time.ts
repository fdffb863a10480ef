import { DateTime } from 'luxon';
import { zoneLabel, zoneOffset } from '../../lib/time-zone-label.ts';

/** Mantine's DateTimePicker works with wall-clock strings like '2026-05-04 18:30:00'. */
const wallFormat = 'yyyy-MM-dd HH:mm:ss';

/**
 * The instant a professional means when they type a date and hour for a live lesson: the wall
 * time is read in the lesson's own zone, not the browser's (they may travel, or teach abroad).
 */
export function wallToIso(wall: string | null, zone: string): string | null {
  if (!wall) return null;
  const date = DateTime.fromFormat(wall.length === 16 ? `${wall}:00` : wall, wallFormat, { zone });
  return date.isValid ? date.toUTC().toISO() : null;
}

export function isoToWall(iso: string | null | undefined, zone: string): string | null {
  if (!iso) return null;
  const date = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return date.isValid ? date.toFormat(wallFormat) : null;
}

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Argentina/Buenos_Aires';
  } catch {
    return 'America/Argentina/Buenos_Aires';
  }
}

/** The zones our professionals teach from (Latin America and Spain), labelled by city. */
const commonZones: { value: string; label: string }[] = [
  { value: 'America/Argentina/Buenos_Aires', label: 'Argentina (Buenos Aires)' },
  { value: 'America/Montevideo', label: 'Uruguay (Montevideo)' },
  { value: 'America/Santiago', label: 'Chile (Santiago)' },
  { value: 'America/Asuncion', label: 'Paraguay (Asunción)' },
  { value: 'America/La_Paz', label: 'Bolivia (La Paz)' },
  { value: 'America/Sao_Paulo', label: 'Brasil (São Paulo)' },
  { value: 'America/Lima', label: 'Perú (Lima)' },
  { value: 'America/Bogota', label: 'Colombia (Bogotá)' },
  { value: 'America/Guayaquil', label: 'Ecuador (Guayaquil)' },
  { value: 'America/Caracas', label: 'Venezuela (Caracas)' },
  { value: 'America/Panama', label: 'Panamá' },
  { value: 'America/Costa_Rica', label: 'Costa Rica' },
  { value: 'America/Guatemala', label: 'Guatemala' },
  { value: 'America/Santo_Domingo', label: 'República Dominicana' },
  { value: 'America/Mexico_City', label: 'México (Ciudad de México)' },
  { value: 'America/New_York', label: 'Estados Unidos (Nueva York)' },
  { value: 'Europe/Madrid', label: 'España (Madrid)' },
];

/** The select's options; a zone outside the list (the browser's, a stored one) is added first. */
export function zoneOptions(...extra: (string | null | undefined)[]): { value: string; label: string }[] {
  const known = new Set(commonZones.map((z) => z.value));
  const added = [...new Set(extra.filter((z): z is string => Boolean(z) && !known.has(z as string)))];
  // Each label carries the offset (issue 12): 'Argentina (Buenos Aires) · GMT-3'.
  return [
    ...added.map((value) => ({ value, label: zoneLabel(value) })),
    ...commonZones.map((zone) => ({ value: zone.value, label: `${zone.label} · ${zoneOffset(zone.value)}` })),
  ];
}
