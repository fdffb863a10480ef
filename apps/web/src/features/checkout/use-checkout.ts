import { CartRecord, cartStorageKey, type TempBooking } from '@agendo/contract';
import { useEffect, useState } from 'react';

/** The cart the booking picker left (spec 000 §3), or null when absent or unreadable. */
export function readCart(): CartRecord | null {
  try {
    const raw = localStorage.getItem(cartStorageKey);
    if (!raw) return null;
    const parsed = CartRecord.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearCart(): void {
  try {
    localStorage.removeItem(cartStorageKey);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Seconds left until `iso` (0 once past), ticking every second. */
export function useSecondsLeft(iso: string | null): number | null {
  const left = () => (iso ? Math.max(0, Math.floor((Date.parse(iso) - Date.now()) / 1000)) : null);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `iso`, the only input.
  useEffect(() => {
    setSeconds(left());
    if (!iso) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}

/** 'martes, 1 de diciembre' for a calendar day 'yyyy-mm-dd' (no zone: the day is already local). */
export function longDate(date: string, lang: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
}

export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export type { TempBooking };
