import { Settings } from 'luxon';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Makes `at` (a local date-time) now for each test of the describe it is called in. Only Date is
 * faked: timers stay real, for Mantine's transitions and user-event's delays.
 */
export function fakeToday(at: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => vi.useRealTimers());
}

/** Puts the browser in the time zone `zone` (luxon's default) for each test of the describe. */
export function browserInZone(zone: string) {
  beforeEach(() => {
    Settings.defaultZone = zone;
  });
  afterEach(() => {
    Settings.defaultZone = 'system';
  });
}
