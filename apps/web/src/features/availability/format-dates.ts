import type { Language } from '@agendo/contract';

/** 'lunes, 30 de noviembre de 2026' for a calendar date 'YYYY-MM-DD' (no time zone shift). */
export function longDate(date: string, lang: Language): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A single day or an inclusive range of days, written out. */
export function dayRange(from: string, to: string, lang: Language): string {
  if (from === to) return longDate(from, lang);
  return lang === 'es'
    ? `del ${longDate(from, lang)} al ${longDate(to, lang)}`
    : `${longDate(from, lang)} to ${longDate(to, lang)}`;
}

/** Today's date in the browser, 'YYYY-MM-DD' (the server checks it in the professional's zone). */
export function todayLocal(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** First letter upper-case ('lunes, 30 de…' → 'Lunes, 30 de…'), the rest as written. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
