import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

export interface GeoIp {
  /** ISO 3166-1 alpha-2 in upper case, or null for private, reserved and unknown addresses. */
  countryOf(ip: string): string | null;
}

interface GeoIpCountryModule {
  lookup(ip: string): { country: string } | null;
}

// The GeoLite2 data answers null for these today; we decide it here so a database update cannot
// place a proxy's or a test client's address in a country.
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * Country of an IP address from geoip-country, which ships MaxMind's GeoLite2 country database in
 * the package (no network, no licence key at run time). Requiring it reads ~8 MB into memory
 * (~35 ms, ~18 MB RSS), so that waits for the first lookup.
 */
export function createGeoIp(): GeoIp {
  let database: GeoIpCountryModule | undefined;
  return {
    countryOf(ip) {
      const address = ip.trim().replace(/%.*$/, '');
      const version = isIP(address);
      if (version === 0 || nonPublic.check(address, version === 4 ? 'ipv4' : 'ipv6')) return null;
      database ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountryModule;
      return database.lookup(address)?.country.toUpperCase() ?? null;
    },
  };
}
