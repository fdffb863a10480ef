import { isRouteCountry, type RouteCountry, routeCountryForIso } from '@agendo/contract';

export const routeCountryKey = 'routeCountry';

interface Deps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** ISO 3166 code of the visitor's country from the IP-country service. */
  lookupIso: () => Promise<string>;
}

/**
 * spec 000 §2.1: the country cached in local storage wins; otherwise the IP-country lookup,
 * cached for next time; LA when the lookup fails (not cached, so a later visit retries).
 */
export async function resolveRouteCountry({ storage, lookupIso }: Deps): Promise<RouteCountry> {
  const cached = storage.getItem(routeCountryKey);
  if (isRouteCountry(cached ?? undefined)) return cached as RouteCountry;
  try {
    const country = routeCountryForIso(await lookupIso());
    storage.setItem(routeCountryKey, country);
    return country;
  } catch {
    return 'la';
  }
}
