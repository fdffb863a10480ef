/** Times in the viewer's own zone and language (the browser's): a chat is read where one is. */
const time = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short' });
const longDay = new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long' });
const dateTime = new Intl.DateTimeFormat('es', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

export function clockTime(iso: string): string {
  return time.format(new Date(iso));
}

/** The list's stamp: the hour today, the day otherwise. */
export function shortWhen(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return dayKey(d) === dayKey(now) ? time.format(d) : dayMonth.format(d);
}

/** The separator above a day's first message: 'today', 'yesterday' or the date. */
export function dayLabel(iso: string, words: { today: string; yesterday: string }, now = new Date()) {
  const d = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(d) === dayKey(now)) return words.today;
  if (dayKey(d) === dayKey(yesterday)) return words.yesterday;
  const text = longDay.format(d);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sameDay(a: string, b: string): boolean {
  return dayKey(new Date(a)) === dayKey(new Date(b));
}

export function appointmentWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}
