import { z } from 'zod';

/** A calendar date 'YYYY-MM-DD' (a day of the professional's calendar unless said otherwise). */
export const IsoDate = z
  .string({ error: 'E2' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'E2')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'E2');

/** A wall-clock time 'HH:mm', 00:00–23:59. */
export const TimeOfDay = z.string({ error: 'E3' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'E3');
/** The end of a range may also be '24:00' (the following midnight). */
export const EndOfRange = z.string({ error: 'E3' }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'E3');

/** Minutes since midnight of an 'HH:mm' (or '24:00'). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** One weekly time range: ISO weekday (1 Monday … 7 Sunday), wall-clock times of the professional's zone. */
export const WeeklyRange = z.object({
  weekday: z.number({ error: 'E2' }).int('E2').min(1, 'E2').max(7, 'E2'),
  start: TimeOfDay,
  end: EndOfRange,
});
export type WeeklyRange = z.infer<typeof WeeklyRange>;

/** Cross-range checks of a weekly rule set: end after start (E4), no overlap within a day (E5). */
export function weeklyRangeIssues(ranges: WeeklyRange[], ctx: z.RefinementCtx) {
  const byDay = new Map<number, { start: number; end: number; i: number }[]>();
  for (const [i, r] of ranges.entries()) {
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    if (end <= start) {
      ctx.addIssue({ code: 'custom', message: 'E4', path: [i] });
      continue;
    }
    const list = byDay.get(r.weekday) ?? [];
    list.push({ start, end, i });
    byDay.set(r.weekday, list);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let k = 1; k < list.length; k++) {
      const prev = list[k - 1];
      const cur = list[k];
      if (prev && cur && cur.start < prev.end) ctx.addIssue({ code: 'custom', message: 'E5', path: [cur.i] });
    }
  }
}

/**
 * spec 000 §3 Turn (date, hStart, timezone, startDateFormat, day, month, Name) in the
 * professional's zone, the same in the viewer's zone (…Client), and the instant to book.
 */
export const Turn = z.object({
  /** 'YYYY-MM-DD', professional's zone. */
  date: z.string(),
  /** 'HH:mm', professional's zone. */
  hStart: z.string(),
  /** The professional's IANA zone. */
  timezone: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss', professional's zone. */
  startDateFormat: z.string(),
  /** Day of the month. */
  day: z.number().int(),
  /** Month name in Spanish ('noviembre'). */
  month: z.string(),
  /** Weekday name in Spanish ('lunes'). */
  Name: z.string(),
  dateClient: z.string(),
  hStartClient: z.string(),
  timezoneClient: z.string(),
  startDateFormatClient: z.string(),
  dayClient: z.number().int(),
  monthClient: z.string(),
  NameClient: z.string(),
  /** Start and end instants, UTC ISO-8601. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Seats still free in this turn (1 for an individual publication). */
  seatsLeft: z.number().int(),
  /** Which session of a multi-session publication this turn is for (always 1 here). */
  session: z.number().int(),
});
export type Turn = z.infer<typeof Turn>;

/** One day of a 5-day window of the weekly calendar (professional's zone). */
export const TurnDay = z.object({
  date: z.string(),
  day: z.number().int(),
  month: z.string(),
  Name: z.string(),
  turns: z.array(Turn),
});
export type TurnDay = z.infer<typeof TurnDay>;

export const DatedTurn = z.object({
  ref: z.string(),
  date: z.string(),
  hStart: z.string(),
  /** Taken by a booking (the turn stays listed for the professional, not offered to clients). */
  booked: z.boolean(),
});
export type DatedTurn = z.infer<typeof DatedTurn>;

export const BlockedDay = z.object({
  ref: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
});
export type BlockedDay = z.infer<typeof BlockedDay>;

/** spec 000 §2.7, §9: the booking picker pages the weekly calendar by 5 days. */
export const turnWindowDays = 5;
