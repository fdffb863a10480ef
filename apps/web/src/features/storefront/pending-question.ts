import { pendingQuestionWindowMs } from '@agendo/contract';

/** spec 000 §3 "Local storage keys": question{ref} keeps a visitor's question while they sign in. */
export function pendingQuestionKey(ref: string): string {
  return `question${ref}`;
}

export function savePendingQuestion(ref: string, text: string, now = Date.now()): void {
  try {
    localStorage.setItem(pendingQuestionKey(ref), JSON.stringify({ date: now, text }));
  } catch {
    // Storage full or disabled: the visitor writes the question again after signing in.
  }
}

/**
 * Takes the pending question of a publication out of storage. spec 000 §4, §9: it is sent
 * only when it was stored within the last 5 minutes (300000 ms); an older one is dropped.
 */
export function takePendingQuestion(ref: string, now = Date.now()): string | null {
  const key = pendingQuestionKey(ref);
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key);
    localStorage.removeItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { date?: unknown; text?: unknown };
    const date = typeof stored.date === 'string' ? Date.parse(stored.date) : Number(stored.date);
    if (typeof stored.text !== 'string' || !Number.isFinite(date)) return null;
    const age = now - date;
    return age >= 0 && age <= pendingQuestionWindowMs ? stored.text : null;
  } catch {
    return null;
  }
}
