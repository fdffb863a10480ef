import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearSession, setToken } from './session.ts';

/** Storing a token or dropping it also drops every answer cached for the previous user. */
export function useSession() {
  const queryClient = useQueryClient();
  const signIn = useCallback(
    (token: string) => {
      queryClient.clear();
      setToken(token);
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);
  return { signIn, signOut };
}
