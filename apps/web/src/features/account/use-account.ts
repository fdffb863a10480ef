import type { Language } from '@agendo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const accountKey = ['find-user-info'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => call('find-user-info', {}) });
}

export function useCountries(lang: Language) {
  return useQuery({
    queryKey: ['find-countries', lang],
    queryFn: async () => (await call('find-countries', { userLang: lang })).countries,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
