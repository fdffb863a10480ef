import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

let appClient: QueryClient | undefined;

/** main.tsx hands over the app's query client; tests that render pages alone have none. */
export function setEarlyDataClient(client: QueryClient | undefined): void {
  appClient = client;
}

/**
 * Starts a page's main query from its route's loader (issue 13): the router runs a route's loader
 * while it fetches the page's lazy module, so the answer (and the picture it names, the page's
 * largest paint) is on its way one round trip earlier than when the page's first render asks.
 * Never waits and never throws: the page's own useQuery picks up the same entry, and shows its
 * loading and error states as before.
 */
export function startEarly<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): null {
  void appClient?.prefetchQuery(options);
  return null;
}
