import { describe, expect, it } from 'vitest';
import { createGeoIp } from './geoip.ts';

const geoip = createGeoIp();

describe('countryOf', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['181.0.0.1', 'AR'],
    ['200.45.0.1', 'AR'],
    ['2800:810::1', 'AR'],
    ['::ffff:181.0.0.1', 'AR'],
  ])('places %s in %s', (ip, country) => {
    expect(geoip.countryOf(ip)).toBe(country);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '::1',
    '::ffff:127.0.0.1',
    'fe80::1%eth0',
    'fd12:3456::1',
    'not an ip',
    '',
  ])('answers null for %s', (ip) => {
    expect(geoip.countryOf(ip)).toBeNull();
  });
});
