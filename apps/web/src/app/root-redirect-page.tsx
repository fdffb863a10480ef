import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../lib/api.ts';
import { resolveRouteCountry } from './root-redirect.ts';

export function RootRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const storage = {
      getItem: (key: string) => {
        try {
          return localStorage.getItem(key);
        } catch {
          return null;
        }
      },
      setItem: (key: string, value: string) => {
        try {
          localStorage.setItem(key, value);
        } catch {
          // Private modes may refuse storage; the redirect still works, only uncached.
        }
      },
    };
    resolveRouteCountry({
      storage,
      lookupIso: async () => (await call('geo-country-location', {})).country,
    }).then((country) => {
      if (!cancelled) navigate(`/${country}/es/${window.location.search}`, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <Center h="100dvh" role="status" aria-label="Cargando">
      <Loader />
    </Center>
  );
}
