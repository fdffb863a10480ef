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
 * A desktop screen in each test of the file (or describe) it is called in: every min-width
 * query matches and no max-width one does. mantine-datatable shows a column only while its query
 * matches (the shared stub of test-setup answers false to every query, which would hide them
 * all), and the sales table turns into cards under a max-width (phone) query.
 */
export function desktopScreen() {
  const stub = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => fixedMediaQuery(query, !query.includes('max-width'));
  });
  afterEach(() => {
    window.matchMedia = stub;
  });
}
