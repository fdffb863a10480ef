import { useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { useIsLoggedIn } from './session.ts';

export const userDataKey = ['find-user-data'] as const;

/** The signed-in user's flags (find-user-data); nothing when signed out. */
export function useUserData() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: userDataKey,
    queryFn: () => call('find-user-data', {}),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}
