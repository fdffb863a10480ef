import { afterEach, beforeEach } from 'vitest';

/**
 * What `window.matchMedia(query)` gives in tests (jsdom has no layout): a list that says
 * `matches` and never changes, so its listeners are never called.
 */
export function fixedMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/**
 * Every media query matches in each test of the file (or describe) it is called in:
 * mantine-datatable shows a column only while its query matches, and the shared stub of
 * test-setup answers false to every query, which would hide them all.
 */
export function everyMediaQueryMatches() {
  const stub = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => fixedMediaQuery(query, true);
  });
  afterEach(() => {
    window.matchMedia = stub;
  });
}
