/**
 * The slot engine of find-turns: pure functions over plain data (no database, no clock).
 *
 * Time-zone rules (ARCHITECTURE §3: instants in UTC, rules in the professional's IANA zone):
 * - Weekly ranges and dated turns are wall-clock times of the professional's zone. Each day is
 *   converted to UTC on its own, with that day's offset.
 * - A wall-clock start that does not exist that day (the gap of a spring-forward change) is
 *   skipped: the slot is not moved to another hour.
 * - A wall-clock start that happens twice (the overlap of a fall-back change) is taken once, at
 *   its FIRST occurrence (the earlier instant).
 * - Slots last `duration` real minutes. Walking a range, a slot is kept only when it starts at or
 *   after the end of the previous kept slot and ends by the range's end, so a change inside a
 *   range never yields two overlapping slots of the same publication.
 */
import { SPANISH_MONTH_NAMES } from '@agendo/contract';
import { IANAZone } from 'luxon';

export const minuteMs = 60_000;
export const dayMs = 86_400_000;

export interface WeeklyRule {
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  /** 'HH:mm'. */
  start: string;
  /** 'HH:mm' or '24:00'. */
  end: string;
}

export interface Slot {
  startMs: number;
  endMs: number;
}

export interface BusyInterval {
  publicationId: number;
  startMs: number;
  endMs: number;
  seats: number;
}

export interface FreeSlot extends Slot {
  seatsLeft: number;
}

const zones = new Map<string, IANAZone>();
function zoneOf(name: string): IANAZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = IANAZone.create(name);
    if (!zone.isValid) throw new Error(`Unknown time zone ${name}`);
    zones.set(name, zone);
  }
  return zone;
}

const hourMs = 3_600_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** Per zone: hour bucket → the offset of that whole hour, or null when it changes inside it. */
const offsetCache = new Map<string, Map<number, number | null>>();
const maxCachedHours = 200_000;

/**
 * Offset of `zone` at the instant `ms`, in minutes east of UTC. The zone database lookup (Intl)
 * costs microseconds and find-turns asks hundreds of times per answer, so the offset of each
 * UTC hour is remembered when it is the same at both ends of that hour (offsets change at most
 * once in an hour); an hour with a change inside is always asked exactly.
 */
export function offsetAt(zone: string, ms: number): number {
  let hours = offsetCache.get(zone);
  if (!hours) {
    hours = new Map();
    offsetCache.set(zone, hours);
  }
  const bucket = Math.floor(ms / hourMs);
  let cached = hours.get(bucket);
  if (cached === undefined) {
    const iana = zoneOf(zone);
    const first = iana.offset(bucket * hourMs);
    cached = first === iana.offset(bucket * hourMs + hourMs - 1) ? first : null;
    if (hours.size >= maxCachedHours) hours.clear();
    hours.set(bucket, cached);
  }
  return cached ?? zoneOf(zone).offset(ms);
}

function parseDate(date: string): [number, number, number] {
  // 'YYYY-MM-DD' by position: this runs for every candidate slot.
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

export function minutesOfTime(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Days since 1970-01-01 of a calendar date. */
function dayNumber(date: string): number {
  const [y, m, d] = parseDate(date);
  return Date.UTC(y, m - 1, d) / dayMs;
}

function dateOfDay(days: number): string {
  const { y, m, d } = civilOfDay(days);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  return civilOfDay(dayNumber(date)).weekday;
}

/** Calendar date of the instant `ms` in `zone`. */
export function dateIn(zone: string, ms: number): string {
  return dateOfDay(Math.floor((ms + offsetAt(zone, ms) * minuteMs) / dayMs));
}

/**
 * The instant of a wall-clock time (`minutes` after midnight of `date`) in `zone`. Null when
 * that time does not exist that day; the earlier instant when it happens twice.
 */
export function wallToInstant(zone: string, date: string, minutes: number): number | null {
  const [y, m, d] = parseDate(date);
  return wallUtcToInstant(zone, Date.UTC(y, m - 1, d) + minutes * minuteMs);
}

/** `asUtc`: the wall-clock reading written as if it were UTC. */
function wallUtcToInstant(zone: string, asUtc: number): number | null {
  // The offsets in force a day either side are those of both sides of any change near this
  // time (changes are months apart, and a wall time is at most 14 hours off its instant).
  const before = offsetAt(zone, asUtc - dayMs);
  const after = offsetAt(zone, asUtc + dayMs);
  let best: number | null = null;
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = asUtc - offset * minuteMs;
    if (offsetAt(zone, instant) === offset && (best === null || instant < best)) best = instant;
  }
  return best;
}

/**
 * End of a range: like a start, but a wall time inside a spring-forward gap is read with the
 * offset before the change (the range keeps its real length) rather than dropped.
 */
function rangeEndInstant(zone: string, date: string, minutes: number): number {
  const exact = wallToInstant(zone, date, minutes);
  if (exact !== null) return exact;
  const [y, m, d] = parseDate(date);
  const asUtc = Date.UTC(y, m - 1, d) + minutes * minuteMs;
  return asUtc - offsetAt(zone, asUtc - dayMs) * minuteMs;
}

/** Slots of `duration` minutes the weekly rules give on one day of the professional's calendar. */
export function slotsOfDay(
  rules: readonly WeeklyRule[],
  date: string,
  zone: string,
  duration: number,
): Slot[] {
  const weekday = weekdayOf(date);
  const ranges = rules
    .filter((r) => r.weekday === weekday)
    .map((r) => ({ start: minutesOfTime(r.start), end: minutesOfTime(r.end) }))
    .sort((a, b) => a.start - b.start);
  const slots: Slot[] = [];
  if (ranges.length === 0) return slots;
  const [y, m, d] = parseDate(date);
  const midnight = Date.UTC(y, m - 1, d);
  const length = duration * minuteMs;
  for (const range of ranges) {
    const rangeEnd = rangeEndInstant(zone, date, range.end);
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (let t = range.start; t + duration <= range.end; t += duration) {
      const start = wallUtcToInstant(zone, midnight + t * minuteMs);
      if (start === null || start < lastEnd || start + length > rangeEnd) continue;
      slots.push({ startMs: start, endMs: start + length });
      lastEnd = start + length;
    }
  }
  return slots;
}

/** Slots of dated turns ('YYYY-MM-DD', 'HH:mm' of the professional's zone), sorted, once each. */
export function slotsOfDatedTurns(
  turns: readonly { date: string; start: string }[],
  zone: string,
  duration: number,
): Slot[] {
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const turn of turns) {
    const start = wallToInstant(zone, turn.date, minutesOfTime(turn.start));
    if (start === null || seen.has(start)) continue;
    seen.add(start);
    slots.push({ startMs: start, endMs: start + duration * minuteMs });
  }
  return slots.sort((a, b) => a.startMs - b.startMs);
}

/** Longest booking we look back for when searching overlaps (a day; durations are far shorter). */
const maxBusySpanMs = dayMs;

export interface FreeSlotRules {
  now: number;
  /** spec 000 §3 publication notice: no slot starts before now + notice. */
  noticeMin: number;
  /** Last instant a slot may start at (now + maxRes days). */
  latestStartMs: number;
  zone: string;
  /** Inclusive [from, to] date ranges of the professional's calendar. */
  blocked: readonly { from: string; to: string }[];
  /** Live bookings and holds of the professional (all publications), any order. */
  busy: readonly BusyInterval[];
  publicationId: number;
  /** 1 = individual; above 1, that many seats in the same slot of this publication. */
  groupCapacity: number;
}

/**
 * Removes what cannot be booked: too soon, too far, blocked days, and clashes with the
 * professional's bookings. A booking of another publication, or of this one at another start,
 * that overlaps the slot takes it whatever the durations; a group publication accepts up to
 * its capacity of seats at exactly the same start.
 */
export function freeSlots(candidates: readonly Slot[], rules: FreeSlotRules): FreeSlot[] {
  // A turn starting right now is already too late, whatever the notice.
  const earliest = Math.max(rules.now + 1, rules.now + rules.noticeMin * minuteMs);
  const busy = [...rules.busy].sort((a, b) => a.startMs - b.startMs);
  const starts = busy.map((b) => b.startMs);
  const out: FreeSlot[] = [];
  for (const slot of candidates) {
    if (slot.startMs < earliest || slot.startMs > rules.latestStartMs) continue;
    if (rules.blocked.length > 0 && isBlocked(rules.blocked, dateIn(rules.zone, slot.startMs))) continue;
    let clash = false;
    let taken = 0;
    // Bookings starting before the slot's end; walk back while they could still reach into it.
    for (let i = upperBound(starts, slot.endMs - 1) - 1; i >= 0; i--) {
      const b = busy[i] as BusyInterval;
      if (b.startMs <= slot.startMs - maxBusySpanMs) break;
      if (b.endMs <= slot.startMs) continue;
      if (rules.groupCapacity > 1 && b.publicationId === rules.publicationId && b.startMs === slot.startMs) {
        taken += b.seats;
      } else {
        clash = true;
        break;
      }
    }
    const seatsLeft = Math.max(rules.groupCapacity, 1) - taken;
    if (!clash && seatsLeft > 0) out.push({ startMs: slot.startMs, endMs: slot.endMs, seatsLeft });
  }
  return out;
}

function isBlocked(blocked: readonly { from: string; to: string }[], date: string): boolean {
  for (const b of blocked) if (b.from <= date && date <= b.to) return true;
  return false;
}

/** Index of the first element greater than `value` in an ascending array. */
function upperBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type WindowResult =
  | { ok: true; from: string; to: string; hasPrevious: boolean; hasNext: boolean }
  | { ok: false; code: 'E3' | 'E4' };

/**
 * spec 000 §2.7, §8, §9: the 5-day window of the weekly picker. `today` and `maxDate` are dates
 * of the professional's calendar. Paging before today answers E3 ('Fechas no disponibles.'),
 * past maxDate E4 ('Próximas fechas no disponibles.').
 */
export function resolveWindow(
  opts: { from?: string | undefined; move?: 0 | 1 | -1 | undefined },
  today: string,
  maxDate: string,
  size = 5,
): WindowResult {
  let base = opts.from && opts.from > today ? opts.from : today;
  const move = opts.move ?? 0;
  if (move === 1) {
    base = addDays(base, size);
  } else if (move === -1) {
    if (base <= today) return { ok: false, code: 'E3' };
    const back = addDays(base, -size);
    base = back < today ? today : back;
  }
  if (base > maxDate) return { ok: false, code: 'E4' };
  return {
    ok: true,
    from: base,
    to: addDays(base, size - 1),
    hasPrevious: base > today,
    hasNext: addDays(base, size) <= maxDate,
  };
}

const weekdayNames = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
/** The Spanish name of month `m` (1 = enero) and of ISO weekday `w` (1 = lunes). */
const monthName = (m: number) => SPANISH_MONTH_NAMES[m - 1] as string;
const weekdayName = (w: number) => weekdayNames[w - 1] as string;

export interface LocalParts {
  date: string;
  hStart: string;
  startDateFormat: string;
  day: number;
  month: string;
  Name: string;
}

/** Year, month, day and ISO weekday of a day number (days since 1970-01-01), without Date objects. */
function civilOfDay(days: number): { y: number; m: number; d: number; weekday: number } {
  // Howard Hinnant's days-to-civil algorithm.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  // 1970-01-01 was a Thursday (ISO weekday 4).
  const weekday = ((((days + 3) % 7) + 7) % 7) + 1;
  return { y, m, d, weekday };
}

/** Date and hour of `ms` in `zone`, with the Spanish month and weekday names of spec 000 §3 Turn. */
export function localParts(zone: string, ms: number): LocalParts {
  const localMinutes = Math.floor((ms + offsetAt(zone, ms) * minuteMs) / minuteMs);
  const days = Math.floor(localMinutes / 1440);
  const minuteOfDay = localMinutes - days * 1440;
  const { y, m, d, weekday } = civilOfDay(days);
  const date = `${y}-${pad2(m)}-${pad2(d)}`;
  const hStart = `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
  return {
    date,
    hStart,
    startDateFormat: `${date} ${hStart}:00`,
    day: d,
    month: monthName(m),
    Name: weekdayName(weekday),
  };
}

/** Day heading of a calendar date (professional's zone). */
export function dayParts(date: string): { day: number; month: string; Name: string } {
  const [, m, d] = parseDate(date);
  return { day: d, month: monthName(m), Name: weekdayName(weekdayOf(date)) };
}
