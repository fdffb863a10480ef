/**
 * Wall-clock date and hour of an instant in an IANA zone, for lists that format every row
 * (issue 13: luxon's DateTime per row cost ~0.1 ms on find-bookings). One Intl formatter per
 * zone, and the zone's offset cached per UTC hour: after the first row of an hour the rest is
 * integer arithmetic. An hour that contains an offset change (a few zones switch at :30 or :45)
 * is never cached. An unknown zone reads as UTC.
 */
const hourMs = 3_600_000;
const minuteMs = 60_000;
const maxCachedHours = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new Map<string, Map<number, number>>();
let cachedHours = 0;

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      formatter = null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC at the minute `ms` falls in, computed by the formatter. */
function exactOffset(formatter: Intl.DateTimeFormat, ms: number): number {
  const minute = Math.floor(ms / minuteMs) * minuteMs;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(minute)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return Math.round((wall - minute) / minuteMs);
}

export function offsetMinutes(zone: string, ms: number): number {
  const formatter = formatterOf(zone);
  if (!formatter) return 0;
  const hour = Math.floor(ms / hourMs);
  let byHour = offsets.get(zone);
  const cached = byHour?.get(hour);
  if (cached !== undefined) return cached;
  const atStart = exactOffset(formatter, hour * hourMs);
  const atEnd = exactOffset(formatter, hour * hourMs + hourMs - minuteMs);
  if (atStart !== atEnd) return exactOffset(formatter, ms);
  if (cachedHours >= maxCachedHours) {
    offsets.clear();
    cachedHours = 0;
  }
  if (!byHour) {
    byHour = new Map();
    offsets.set(zone, byHour);
  }
  byHour.set(hour, atStart);
  cachedHours += 1;
  return atStart;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** 'yyyy-MM-dd' and 'HH:mm' of the instant in the zone. */
export function localDateTime(zone: string, ms: number): { date: string; time: string } {
  const wall = new Date(ms + offsetMinutes(zone, ms) * minuteMs);
  const year = wall.getUTCFullYear();
  return {
    date: `${year < 1000 ? String(year).padStart(4, '0') : year}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`,
    time: `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`,
  };
}
