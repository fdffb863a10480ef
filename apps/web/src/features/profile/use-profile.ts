import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** Named after the action it reads, as every editor's invalidation after a save. */
export const profileKey = ['find-user-profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => call('find-user-profile', {}) });
}

/** The same key as my-account's account query (the action's name), so a save there shows here. */
export function useUserInfo() {
  return useQuery({ queryKey: ['find-user-info'], queryFn: () => call('find-user-info', {}) });
}
