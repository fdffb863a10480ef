import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api.ts';

export const questionsKey = (ref: string) => ['find-questions', ref] as const;

/** spec 000 §2.7, §9: the questions of a publication, 10 per load ('Ver más' asks for the next). */
export function useQuestions(ref: string, viewer: string) {
  return useInfiniteQuery({
    // The viewer is part of the key: what one sees depends on who asks (own and owner's view).
    queryKey: [...questionsKey(ref), viewer],
    queryFn: ({ pageParam }) => call('find-questions', { ref, next: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

export function useRefreshQuestions(ref: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: questionsKey(ref) }), [client, ref]);
}
