import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localDateTime } from './local-time.ts';

// The cached formatting must read exactly what luxon reads, across offset changes too.
const zones = [
  'America/Argentina/Buenos_Aires',
  'Europe/Madrid',
  'America/Santiago',
  'America/Mexico_City',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
];

describe('localDateTime', () => {
  it("matches luxon's date and hour every 37 minutes over a year, in zones with odd offsets and DST", () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const to = Date.parse('2027-01-01T00:00:00Z');
    for (const zone of zones) {
      const mismatches: string[] = [];
      for (let ms = from; ms < to; ms += 37 * 60_000) {
        const expected = DateTime.fromMillis(ms, { zone });
        const got = localDateTime(zone, ms);
        if (got.date !== expected.toFormat('yyyy-LL-dd') || got.time !== expected.toFormat('HH:mm')) {
          mismatches.push(`${new Date(ms).toISOString()} ${got.date} ${got.time} vs ${expected.toISO()}`);
        }
      }
      expect(mismatches.slice(0, 5), zone).toEqual([]);
    }
  });

  it('reads a zone it does not know as UTC', () => {
    expect(localDateTime('Not/A_Zone', Date.parse('2026-11-22T12:34:00Z'))).toEqual({
      date: '2026-11-22',
      time: '12:34',
    });
  });
});
