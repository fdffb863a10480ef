import type { OutputOf } from '@agendo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { publicationKey, publicationQuery } from '../../lib/publication-query.ts';

export const myPublicationsKey = ['find-my-publications'] as const;

export type PublicationSummary = OutputOf<'find-my-publications'>['publications'][number];
export type Publication = OutputOf<'get-publish'>['publication'];

export function useMyPublications() {
  return useQuery({
    queryKey: myPublicationsKey,
    queryFn: async () => (await call('find-my-publications', {})).publications,
  });
}

export function usePublication(ref: string | undefined) {
  return useQuery({
    ...publicationQuery(ref ?? ''),
    select: (answer) => answer.publication,
    enabled: Boolean(ref),
  });
}

/** The signed-in user's own data (same key as the account screen, so the answer is shared). */
export function useOwnInfo() {
  return useQuery({ queryKey: ['find-user-info'], queryFn: () => call('find-user-info', {}) });
}

export function usePausePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, paused }: { ref: string; paused: boolean }) => call('pause-publish', { ref, paused }),
    onSuccess: (_answer, { ref }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myPublicationsKey }),
        queryClient.invalidateQueries({ queryKey: publicationKey(ref) }),
      ]),
  });
}

export function useDeletePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => call('delete-publish', { ref }),
    onSuccess: (_answer, ref) => {
      queryClient.removeQueries({ queryKey: publicationKey(ref) });
      return queryClient.invalidateQueries({ queryKey: myPublicationsKey });
    },
  });
}
