import type { Booking } from '@agendo/contract';
import { DateTime } from 'luxon';

export type AgendaView = 'day' | 'week' | 'month';

export const isAgendaView = (value: string | null): value is AgendaView =>
  value === 'day' || value === 'week' || value === 'month';

const isoDay = 'yyyy-MM-dd';

/** Today in the professional's zone (spec: the agenda is shown in the professional's time zone). */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toFormat(isoDay);
}

const dayAt = (day: string, zone: string) => DateTime.fromISO(day, { zone }).startOf('day');

/** Monday of the week of `day` (the agenda's weeks start on Monday). */
const mondayOf = (d: DateTime) => d.minus({ days: d.weekday - 1 });

/**
 * The days a view shows for the anchor day (day: one; week: Monday–Sunday; month: whole weeks
 * covering the month) and the UTC instants [from, to) to ask the server for.
 */
export function viewRange(view: AgendaView, anchor: string, zone: string) {
  const a = dayAt(anchor, zone);
  let first: DateTime;
  let count: number;
  if (view === 'day') {
    first = a;
    count = 1;
  } else if (view === 'week') {
    first = mondayOf(a);
    count = 7;
  } else {
    first = mondayOf(a.startOf('month'));
    const last = a.endOf('month').startOf('day');
    const sunday = last.plus({ days: 7 - last.weekday });
    count = Math.round(sunday.diff(first, 'days').days) + 1;
  }
  const days: string[] = [];
  for (let i = 0; i < count; i++) days.push(first.plus({ days: i }).toFormat(isoDay));
  const end = first.plus({ days: count });
  return {
    days,
    from: first.toUTC().toISO() ?? '',
    to: end.toUTC().toISO() ?? '',
  };
}

/** The anchor one step back or forward (a day, a week or a month). */
export function shiftAnchor(view: AgendaView, anchor: string, zone: string, step: 1 | -1): string {
  const a = dayAt(anchor, zone);
  const unit = view === 'day' ? { days: step } : view === 'week' ? { weeks: step } : { months: step };
  return a.plus(unit).toFormat(isoDay);
}

/** Where an appointment sits in the professional's zone: its day, start minute and hour. */
export function placeOf(booking: Pick<Booking, 'dateNoFormat' | 'duration'>, zone: string) {
  const start = DateTime.fromISO(booking.dateNoFormat, { zone: 'utc' }).setZone(zone);
  return {
    day: start.toFormat(isoDay),
    minutes: start.hour * 60 + start.minute,
    hour: start.toFormat('HH:mm'),
    end: start.plus({ minutes: booking.duration }).toFormat('HH:mm'),
  };
}

/** 'martes 24' / 'martes, 24 de noviembre de 2026' / 'noviembre de 2026' in the page's language. */
export function dayLabel(day: string, lang: string, style: 'short' | 'long' = 'short'): string {
  const d = DateTime.fromISO(day, { zone: 'utc' }).setLocale(lang);
  return style === 'short' ? d.toFormat('cccc d') : d.toFormat("cccc, d 'de' LLLL 'de' yyyy");
}

/** The title of the period shown ('Semana del 23 al 29 de noviembre de 2026'…). */
export function periodLabel(view: AgendaView, anchor: string, days: string[], lang: string): string {
  const a = DateTime.fromISO(anchor, { zone: 'utc' }).setLocale(lang);
  if (view === 'day') return capitalized(dayLabel(anchor, lang, 'long'));
  if (view === 'month') return capitalized(a.toFormat("LLLL 'de' yyyy"));
  const first = DateTime.fromISO(days[0] ?? anchor, { zone: 'utc' }).setLocale(lang);
  const last = DateTime.fromISO(days.at(-1) ?? anchor, { zone: 'utc' }).setLocale(lang);
  const from = first.month === last.month ? first.toFormat('d') : first.toFormat("d 'de' LLLL");
  return `${from} – ${last.toFormat("d 'de' LLLL 'de' yyyy")}`;
}

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
