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
export function startEarly<T, K extends QueryKey>(
  options: FetchQueryOptions<T, Error, T, K>,
  /** Runs with the answer once it is in: to ask for what the page will show first (its picture). */
  onAnswer?: (answer: T) => void,
): null {
  const client = appClient;
  if (!client) return null;
  void client.prefetchQuery(options).then(() => {
    const answer = client.getQueryData<T>(options.queryKey);
    if (answer !== undefined) onAnswer?.(answer);
  });
  return null;
}

/** Starts downloading a picture the page is about to show, at the highest priority. */
export function preloadImage(src: string | undefined): void {
  if (!src) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}
