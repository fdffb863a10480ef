import { useSyncExternalStore } from 'react';

// spec 000 §2.3: one full-screen waiting message, raised by whoever starts a long transition.
let waiting = false;
const listeners = new Set<() => void>();

export function setWaiting(value: boolean): void {
  if (waiting === value) return;
  waiting = value;
  for (const listener of listeners) listener();
}

export function useWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => false,
  );
}
