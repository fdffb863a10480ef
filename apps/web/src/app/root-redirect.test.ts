import { describe, expect, it, vi } from 'vitest';
import { resolveRouteCountry, routeCountryKey } from './root-redirect.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('root redirect (spec 000 §2.1)', () => {
  it('uses the cached routeCountry without asking the IP service', async () => {
    const storage = memoryStorage({ [routeCountryKey]: 'cl' });
    const lookupIso = vi.fn();
    await expect(resolveRouteCountry({ storage, lookupIso })).resolves.toBe('cl');
    expect(lookupIso).not.toHaveBeenCalled();
  });

  it.each([
    ['AR', 'ar'],
    ['ES', 'mx'],
    ['UY', 'mx'],
    ['US', 'us'],
    ['DE', 'la'],
    ['', 'la'],
  ])('maps the looked-up country %s to /%s/ and caches it', async (iso, route) => {
    const storage = memoryStorage();
    await expect(resolveRouteCountry({ storage, lookupIso: async () => iso })).resolves.toBe(route);
    expect(storage.data.get(routeCountryKey)).toBe(route);
  });

  it('falls back to la when the lookup fails, without caching the fallback', async () => {
    const storage = memoryStorage();
    const lookupIso = () => Promise.reject(new Error('offline'));
    await expect(resolveRouteCountry({ storage, lookupIso })).resolves.toBe('la');
    expect(storage.data.has(routeCountryKey)).toBe(false);
  });

  it('ignores a cached value that is not a route country', async () => {
    const storage = memoryStorage({ [routeCountryKey]: 'xx' });
    await expect(resolveRouteCountry({ storage, lookupIso: async () => 'AR' })).resolves.toBe('ar');
  });
});
