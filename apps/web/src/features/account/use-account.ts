import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const accountKey = ['find-user-info'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => call('find-user-info', {}) });
}
