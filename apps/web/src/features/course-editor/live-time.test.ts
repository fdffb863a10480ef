import { describe, expect, it } from 'vitest';
import { isoToWall, wallToIso, zoneOptions } from './live-time.ts';

describe('live lesson times', () => {
  it.each([
    ['2026-05-04 18:30:00', 'America/Argentina/Buenos_Aires', '2026-05-04T21:30:00.000Z'],
    ['2026-05-04 18:30:00', 'Europe/Madrid', '2026-05-04T16:30:00.000Z'],
    ['2026-01-10 09:00', 'America/Mexico_City', '2026-01-10T15:00:00.000Z'],
  ])('reads %s in %s as %s', (wall, zone, iso) => {
    expect(wallToIso(wall, zone)).toBe(iso);
    expect(isoToWall(iso, zone)).toBe(wall.length === 16 ? `${wall}:00` : wall);
  });

  it('keeps empty values empty', () => {
    expect(wallToIso(null, 'Europe/Madrid')).toBeNull();
    expect(isoToWall(null, 'Europe/Madrid')).toBeNull();
  });

  it('adds a zone that is not in the short list', () => {
    const options = zoneOptions('Asia/Tokyo', 'Europe/Madrid');
    // issue 12: a city and its offset, never the raw IANA id.
    expect(options[0]).toEqual({ value: 'Asia/Tokyo', label: 'Tokyo (GMT+9)' });
    const madrid = options.filter((o) => o.value === 'Europe/Madrid');
    expect(madrid).toHaveLength(1);
    expect(madrid[0]?.label).toMatch(/^España \(Madrid\) · GMT\+[12]$/);
  });
});
