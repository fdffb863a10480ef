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
