import { daysForMaxRes } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { isProfessionalUsable } from './availability.service.ts';
import {
  addDays,
  type BusyInterval,
  dateIn,
  dayMs,
  type FreeSlotRules,
  freeSlots,
  localParts,
  resolveWindow,
  type Slot,
  slotsOfDatedTurns,
  slotsOfDay,
  type WeeklyRule,
} from './slots.ts';

const now = Date.parse('2026-11-22T12:00:00Z'); // a Sunday
const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

function everyDay(start: string, end: string): WeeklyRule[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
}

function daysSlots(rules: WeeklyRule[], from: string, to: string, zone: string, duration: number): Slot[] {
  const out: Slot[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(...slotsOfDay(rules, d, zone, duration));
  return out;
}

function rules(over: Partial<FreeSlotRules> = {}): FreeSlotRules {
  return {
    now,
    noticeMin: 0,
    latestStartMs: now + 60 * dayMs,
    zone: 'UTC',
    blocked: [],
    busy: [],
    publicationId: 1,
    groupCapacity: 1,
    ...over,
  };
}

function expectNoOverlap(slots: Slot[]) {
  const sorted = [...slots].sort((a, b) => a.startMs - b.startMs);
  for (let i = 1; i < sorted.length; i++) {
    expect(sorted[i]?.startMs).toBeGreaterThanOrEqual(sorted[i - 1]?.endMs as number);
  }
}

describe('maxRes window (spec 000 §9)', () => {
  // The codes' days are the contract's (rules/publication-price.test.ts checks them against the spec).
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    'code %i offers turns up to its days ahead and never after',
    (code) => {
      const days = daysForMaxRes(code);
      const candidates = daysSlots(
        everyDay('09:00', '10:00'),
        '2026-11-22',
        addDays('2026-11-22', 800),
        'UTC',
        60,
      );
      const free = freeSlots(candidates, rules({ latestStartMs: now + days * dayMs }));
      // Today's 09:00 is past; the last day is now + days (09:00 is before 12:00).
      expect(free).toHaveLength(days);
      expect(iso(free[0]?.startMs as number)).toBe('2026-11-23T09:00:00.000Z');
      expect(dateIn('UTC', free.at(-1)?.startMs as number)).toBe(addDays('2026-11-22', days));
    },
  );
});

describe('notice (advance minutes)', () => {
  it.each([
    [0, '2026-11-22T13:00:00.000Z'],
    [60, '2026-11-22T13:00:00.000Z'],
    [61, '2026-11-22T14:00:00.000Z'],
    [120, '2026-11-22T14:00:00.000Z'],
    [24 * 60, '2026-11-23T12:00:00.000Z'],
  ])('notice %i min: first turn %s', (noticeMin, first) => {
    const candidates = daysSlots(everyDay('08:00', '20:00'), '2026-11-22', '2026-11-24', 'UTC', 60);
    const free = freeSlots(candidates, rules({ noticeMin }));
    expect(iso(free[0]?.startMs as number)).toBe(first);
  });
});

describe('blocked days (professional calendar)', () => {
  const candidates = daysSlots(
    everyDay('09:00', '11:00'),
    '2026-11-23',
    '2026-11-29',
    'America/Argentina/Buenos_Aires',
    60,
  );
  it.each([
    ['single day', [{ from: '2026-11-24', to: '2026-11-24' }], ['2026-11-24']],
    ['a range', [{ from: '2026-11-25', to: '2026-11-27' }], ['2026-11-25', '2026-11-26', '2026-11-27']],
    [
      'two ranges',
      [
        { from: '2026-11-23', to: '2026-11-23' },
        { from: '2026-11-28', to: '2026-11-29' },
      ],
      ['2026-11-23', '2026-11-28', '2026-11-29'],
    ],
  ])('%s removes every turn of those days', (_name, blocked, gone) => {
    const zone = 'America/Argentina/Buenos_Aires';
    const free = freeSlots(candidates, rules({ zone, blocked }));
    const days = new Set(free.map((s) => dateIn(zone, s.startMs)));
    for (const d of gone) expect(days.has(d)).toBe(false);
    expect(free).toHaveLength(14 - gone.length * 2);
  });
});

describe('bookings and holds of the same professional', () => {
  const candidates = daysSlots(everyDay('09:00', '13:00'), '2026-11-23', '2026-11-23', 'UTC', 60);
  const b = (publicationId: number, start: string, end: string, seats = 1): BusyInterval => ({
    publicationId,
    startMs: at(start),
    endMs: at(end),
    seats,
  });
  it.each<[string, BusyInterval[], number, string[]]>([
    ['a booking of this publication', [b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z')], 1, ['10:00']],
    [
      'a booking of another publication',
      [b(2, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z')],
      1,
      ['10:00'],
    ],
    [
      'a longer booking of another publication takes every slot it touches',
      [b(2, '2026-11-23T09:30:00Z', '2026-11-23T11:15:00Z')],
      1,
      ['09:00', '10:00', '11:00'],
    ],
    ['touching ends do not clash', [b(2, '2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z')], 1, []],
    [
      'a booking started the day before that runs into the morning',
      [b(2, '2026-11-22T23:00:00Z', '2026-11-23T09:30:00Z')],
      1,
      ['09:00'],
    ],
    ['group: seats left keep the slot', [b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', 2)], 3, []],
    ['group: full slot goes', [b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', 3)], 3, ['10:00']],
    [
      'group: several bookings fill it',
      [
        b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', 2),
        b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'),
      ],
      3,
      ['10:00'],
    ],
    [
      'group: another publication still clashes',
      [b(2, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z')],
      3,
      ['10:00'],
    ],
    [
      'group: same publication at another start clashes',
      [b(1, '2026-11-23T10:30:00Z', '2026-11-23T11:30:00Z')],
      3,
      ['10:00', '11:00'],
    ],
  ])('%s', (_name, busy, groupCapacity, gone) => {
    const free = freeSlots(candidates, rules({ busy, groupCapacity }));
    const hours = free.map((s) => iso(s.startMs).slice(11, 16));
    expect(hours).toEqual(['09:00', '10:00', '11:00', '12:00'].filter((h) => !gone.includes(h)));
  });

  it('group seats left are reported', () => {
    const busy = [b(1, '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', 2)];
    const free = freeSlots(candidates, rules({ busy, groupCapacity: 5 }));
    expect(free.map((s) => s.seatsLeft)).toEqual([5, 3, 5, 5]);
  });
});

describe('time-zone conversion', () => {
  it.each([
    // Buenos Aires is UTC-3 all year; Madrid UTC+1 in winter, UTC+2 in summer.
    ['2026-11-23', '10:00', 'Europe/Madrid', '2026-11-23', '14:00', '2026-11-23T13:00:00.000Z'],
    ['2026-07-13', '10:00', 'Europe/Madrid', '2026-07-13', '15:00', '2026-07-13T13:00:00.000Z'],
    ['2026-11-23', '21:00', 'Europe/Madrid', '2026-11-24', '01:00', '2026-11-24T00:00:00.000Z'],
    ['2026-11-23', '10:00', 'America/Mexico_City', '2026-11-23', '07:00', '2026-11-23T13:00:00.000Z'],
  ])('Buenos Aires %s %s seen from %s is %s %s', (date, hour, viewer, clientDate, clientHour, instant) => {
    const zone = 'America/Argentina/Buenos_Aires';
    const [slot] = slotsOfDay(everyDay(hour, '23:59'), date, zone, 60);
    expect(iso(slot?.startMs as number)).toBe(instant);
    const pro = localParts(zone, slot?.startMs as number);
    const client = localParts(viewer, slot?.startMs as number);
    expect([pro.date, pro.hStart]).toEqual([date, hour]);
    expect([client.date, client.hStart]).toEqual([clientDate, clientHour]);
  });

  it('gives the spec 000 §3 Turn parts in Spanish', () => {
    expect(localParts('America/Argentina/Buenos_Aires', at('2026-11-23T13:00:00Z'))).toEqual({
      date: '2026-11-23',
      hStart: '10:00',
      startDateFormat: '2026-11-23 10:00:00',
      day: 23,
      month: 'noviembre',
      Name: 'lunes',
    });
  });
});

describe('daylight-saving changes never shift or duplicate a slot', () => {
  it.each<[string, string, string, string, number, string[]]>([
    // New York: 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00.
    [
      'New York, spring forward: 02:00 does not exist',
      'America/New_York',
      '2026-03-08',
      '00:00-05:00',
      60,
      ['00:00 05:00Z', '01:00 06:00Z', '03:00 07:00Z', '04:00 08:00Z'],
    ],
    [
      'New York, fall back: 01:00 taken once (first)',
      'America/New_York',
      '2026-11-01',
      '00:00-04:00',
      60,
      ['00:00 04:00Z', '01:00 05:00Z', '02:00 07:00Z', '03:00 08:00Z'],
    ],
    [
      'New York, spring forward, 90 min: no overlap across the gap',
      'America/New_York',
      '2026-03-08',
      '00:00-06:00',
      90,
      ['00:00 05:00Z', '01:30 06:30Z', '04:30 08:30Z'],
    ],
    // Madrid: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    [
      'Madrid, spring forward',
      'Europe/Madrid',
      '2026-03-29',
      '01:00-05:00',
      60,
      ['01:00 00:00Z', '03:00 01:00Z', '04:00 02:00Z'],
    ],
    [
      'Madrid, fall back: 02:00 taken once (first)',
      'Europe/Madrid',
      '2026-10-25',
      '01:00-04:00',
      60,
      ['01:00 23:00Z', '02:00 00:00Z', '03:00 02:00Z'],
    ],
    // Santiago: 2026-09-06 00:00 → 01:00; 2026-04-05 00:00 → 2026-04-04 23:00.
    [
      'Santiago, spring forward at midnight',
      'America/Santiago',
      '2026-09-06',
      '00:00-03:00',
      60,
      ['01:00 04:00Z', '02:00 05:00Z'],
    ],
    [
      'Santiago, fall back: 23:00 taken once (first)',
      'America/Santiago',
      '2026-04-04',
      '22:00-24:00',
      60,
      ['22:00 01:00Z', '23:00 02:00Z'],
    ],
    [
      'Santiago, the day after fall back',
      'America/Santiago',
      '2026-04-05',
      '00:00-02:00',
      60,
      ['00:00 04:00Z', '01:00 05:00Z'],
    ],
  ])('%s', (_name, zone, date, range, duration, expected) => {
    const [start, end] = range.split('-') as [string, string];
    const slots = slotsOfDay(everyDay(start, end), date, zone, duration);
    const seen = slots.map((s) => `${localParts(zone, s.startMs).hStart} ${iso(s.startMs).slice(11, 16)}Z`);
    expect(seen).toEqual(expected);
    expect(new Set(slots.map((s) => s.startMs)).size).toBe(slots.length);
    expectNoOverlap(slots);
  });

  it('a whole week across a change keeps one slot per wall-clock hour on ordinary days', () => {
    const zone = 'America/New_York';
    const slots = daysSlots(everyDay('09:00', '12:00'), '2026-10-29', '2026-11-04', zone, 60);
    expect(slots).toHaveLength(21);
    expect(new Set(slots.map((s) => localParts(zone, s.startMs).hStart))).toEqual(
      new Set(['09:00', '10:00', '11:00']),
    );
    expectNoOverlap(slots);
  });
});

describe('blockUse / plan (spec 000 §4 Publication unusable)', () => {
  it.each([
    [0, 0, 4, true],
    [0, 0, 3, false],
    [0, 1, 3, true],
    [0, 0, 5, true],
    [1, 1, 4, false],
    [1, 0, 4, false],
    [0, 0, 1, false],
    [0, 1, 1, true],
  ])('blockUse %i, card_added %i, plan %i → usable %s', (blockUse, cardAdded, userPlan, usable) => {
    expect(isProfessionalUsable({ blockUse, cardAdded, userPlan })).toBe(usable);
  });
});

describe('5-day window paging (spec 000 §2.7, §8)', () => {
  const today = '2026-11-22';
  const maxDate = '2026-12-22';
  it.each<[string, { from?: string; move?: 0 | 1 | -1 }, unknown]>([
    ['first window', {}, { ok: true, from: today, to: '2026-11-26', hasPrevious: false, hasNext: true }],
    [
      'next',
      { from: today, move: 1 },
      { ok: true, from: '2026-11-27', to: '2026-12-01', hasPrevious: true, hasNext: true },
    ],
    [
      'previous',
      { from: '2026-11-27', move: -1 },
      { ok: true, from: today, to: '2026-11-26', hasPrevious: false, hasNext: true },
    ],
    [
      'previous clamps to today',
      { from: '2026-11-24', move: -1 },
      { ok: true, from: today, to: '2026-11-26', hasPrevious: false, hasNext: true },
    ],
    ['no earlier window', { from: today, move: -1 }, { ok: false, code: 'E3' }],
    [
      'a past from starts today',
      { from: '2026-11-01' },
      { ok: true, from: today, to: '2026-11-26', hasPrevious: false, hasNext: true },
    ],
    [
      'last window',
      { from: '2026-12-17', move: 1 },
      { ok: true, from: '2026-12-22', to: '2026-12-26', hasPrevious: true, hasNext: false },
    ],
    ['past the maximum', { from: '2026-12-22', move: 1 }, { ok: false, code: 'E4' }],
    ['a from past the maximum', { from: '2027-01-10' }, { ok: false, code: 'E4' }],
  ])('%s', (_name, opts, expected) => {
    expect(resolveWindow(opts, today, maxDate)).toEqual(expected);
  });
});

describe('dated list', () => {
  it('is sorted, once each, and skips hours that do not exist', () => {
    const zone = 'America/New_York';
    const slots = slotsOfDatedTurns(
      [
        { date: '2026-12-03', start: '15:00' },
        { date: '2026-11-30', start: '09:00' },
        { date: '2026-12-03', start: '09:30' },
        { date: '2026-11-30', start: '09:00' },
        { date: '2026-03-08', start: '02:30' },
      ],
      zone,
      45,
    );
    expect(slots.map((s) => localParts(zone, s.startMs).startDateFormat)).toEqual([
      '2026-11-30 09:00:00',
      '2026-12-03 09:30:00',
      '2026-12-03 15:00:00',
    ]);
    expect(slots[0]?.endMs).toBe((slots[0]?.startMs as number) + 45 * 60_000);
  });
});
