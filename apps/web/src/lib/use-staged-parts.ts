import { useEffect, useState } from 'react';

/**
 * How many of a page's parts below the fold may render: none until the browser has painted once
 * after `ready` turned true, then one more per task up to `parts` (issue 13). The largest paint
 * (a service's picture, its title) is not held by the render of the parts below it, and no single
 * task renders them all, so a phone's main thread is never blocked long.
 */
export function useStagedParts(ready: boolean, parts: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= parts) return;
    let timer = 0;
    // The first: the frame after this render is painted before the timer's task runs.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setShown((n) => n + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, shown, parts]);
  return shown;
}
