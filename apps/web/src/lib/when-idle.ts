/**
 * Runs `task` once the browser has nothing better to do after the page showed (or after a few
 * seconds at most); returns a function that cancels it. For code a page needs soon but not to
 * render (issue 13). Safari has no requestIdleCallback: a timer stands in.
 */
export function whenIdle(task: () => void, timeout = 4000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, Math.min(timeout, 2000));
  return () => window.clearTimeout(timer);
}
