import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';

export const publicationKey = (ref: string) => ['get-publish', ref] as const;

/**
 * get-publish as every feature caches it: the editor and the service page share the entry, so
 * it must hold the same thing for both (the whole answer; a reader picks with `select`). When
 * the editor stored the bare publication, 'Ver publicación' found an answer without
 * `publication` in the cache and showed the error without asking the server.
 */
export function publicationQuery(ref: string) {
  return queryOptions({
    queryKey: publicationKey(ref),
    queryFn: () => call('get-publish', { ref, mode: 'noencrypt' }),
  });
}
