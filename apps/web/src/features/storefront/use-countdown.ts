import { useEffect, useState } from 'react';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left in `ms` (never negative). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * Milliseconds left until `until`, re-read every second. At zero it stops ticking and
 * answers 0, so the caller can turn the promo off without a reload (spec 000 §4).
 */
export function useCountdown(until: string | null): number {
  const target = until ? Date.parse(until) : Number.NaN;
  const [left, setLeft] = useState(() => (Number.isNaN(target) ? 0 : Math.max(0, target - Date.now())));
  useEffect(() => {
    if (Number.isNaN(target)) {
      setLeft(0);
      return;
    }
    const tick = () => {
      const ms = Math.max(0, target - Date.now());
      setLeft(ms);
      return ms;
    };
    if (tick() === 0) return;
    const timer = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return left;
}
