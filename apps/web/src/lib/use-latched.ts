import { useState } from 'react';

/**
 * True from the first render where `value` is true on. A part loaded on first use (a dialog
 * behind a button) stays mounted afterwards, so closing it still animates and returns the focus.
 */
export function useLatched(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
