import type { InputOf } from '@agendo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

type SearchInput = InputOf<'search-publications'>;

/** Pages of search-publications; `next` of the last page asks for the following one. */
export function useSearchResults(input: SearchInput) {
  return useInfiniteQuery({
    queryKey: ['search-publications', input],
    queryFn: ({ pageParam }) =>
      call('search-publications', pageParam === 0 ? input : { ...input, next: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/** Pages of search-courses; no query at all while `input` is null (a services-only filter). */
export function useCourseResults(input: InputOf<'search-courses'> | null) {
  return useInfiniteQuery({
    queryKey: ['search-courses', input],
    queryFn: ({ pageParam }) =>
      call('search-courses', pageParam === 0 ? (input ?? {}) : { ...input, next: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: input !== null,
    staleTime: 30_000,
  });
}
