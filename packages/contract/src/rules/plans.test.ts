import { describe, expect, it } from 'vitest';
import type { PlanDuration, PlanId } from '../constants/plans.ts';
import {
  checkPlanChange,
  daysLeft,
  giftFor,
  giftMessage,
  isQuotaReached,
  prorate,
  trialNotice,
} from './plans.ts';

// spec 002 §4: remaining trial days, the warning under 5, and 'finaliza hoy' at 0.
describe('trial notice (spec 002 §4, §9)', () => {
  const rows: [number | null, ReturnType<typeof trialNotice>][] = [
    [null, { kind: 'none' }],
    [30, { kind: 'days', days: 30 }],
    [5, { kind: 'days', days: 5 }],
    [4, { kind: 'warning', days: 4 }],
    [1, { kind: 'warning', days: 1 }],
    [0, { kind: 'ends-today' }],
  ];
  it.each(rows)('%s days left', (days, expected) => {
    expect(trialNotice(days)).toEqual(expected);
  });

  it('counts a part of a day as a day and never below 0', () => {
    expect(daysLeft('2026-01-01T00:00:00Z', '2026-01-31T00:00:00Z')).toBe(30);
    expect(daysLeft('2026-01-30T12:00:00Z', '2026-01-31T00:00:00Z')).toBe(1);
    expect(daysLeft('2026-02-01T00:00:00Z', '2026-01-31T00:00:00Z')).toBe(0);
  });
});

describe('session quota and gifts (spec 002 §4, §9)', () => {
  const quota: [string, PlanId, number, number, boolean][] = [
    ['plan 1 under its 30', 1, 29, 0, false],
    ['plan 1 at its 30', 1, 30, 0, true],
    ['plan 1 at 30 with 5 gifted', 1, 30, 5, false],
    ['plan 1 at 35 with 5 gifted', 1, 35, 5, true],
    ['plan 2 at its 80', 2, 80, 0, true],
    ['plan 3 is unlimited', 3, 10_000, 0, false],
    ['plan 4 clears the block', 4, 10_000, 0, false],
  ];
  it.each(quota)('%s', (_label, planId, uses, gift, reached) => {
    expect(isQuotaReached(planId, uses, gift)).toBe(reached);
  });

  const gifts: [string, PlanId, boolean, boolean, number][] = [
    ['plan 1 blocked: 5 more', 1, true, false, 5],
    ['plan 2 blocked: 10 more', 2, true, false, 10],
    ['plan 1 not blocked: none', 1, false, false, 0],
    ['plan 2 already gifted this cycle: none', 2, true, true, 0],
    ['plan 3: none', 3, true, false, 0],
    ['plan 4: none', 4, true, false, 0],
  ];
  it.each(gifts)('%s', (_label, planId, blockUse, taken, extra) => {
    expect(giftFor({ planId, blockUse, giftTakenThisCycle: taken })).toBe(extra);
  });

  it('says the gift verbatim', () => {
    expect(giftMessage(5)).toBe(
      '¡Te habilitamos 5 turnos más a tu plan actual para que puedas seguir trabajando!',
    );
  });
});

// spec 002 §8 change-plan codes.
describe('change-plan (spec 002 §8)', () => {
  type Row = [string, PlanId, PlanDuration, boolean, PlanId, PlanDuration, 'ok' | 'E20' | 'E21' | 'E22'];
  const rows: Row[] = [
    ['trial to any plan', 4, 30, false, 3, 365, 'ok'],
    ['lapsed period to a lower plan', 2, 30, false, 1, 30, 'ok'],
    ['monthly upgrade 1 → 2', 1, 30, true, 2, 30, 'ok'],
    ['monthly upgrade 1 → 3', 1, 30, true, 3, 30, 'ok'],
    ['same plan, same period', 2, 30, true, 2, 30, 'ok'],
    ['monthly downgrade 2 → 1 inside the cycle', 2, 30, true, 1, 30, 'E20'],
    ['monthly to semiannual inside the period', 1, 30, true, 1, 180, 'E21'],
    ['semiannual to annual inside the period', 2, 180, true, 3, 365, 'E21'],
    ['annual downgrade 3 → 2', 3, 365, true, 2, 365, 'E22'],
    ['annual to monthly of the same plan', 2, 365, true, 2, 30, 'E22'],
    ['semiannual upgrade 1 → 3', 1, 180, true, 3, 180, 'ok'],
    ['any paid plan to the free one', 3, 365, true, 4, 30, 'ok'],
  ];
  it.each(rows)('%s', (_label, planId, duration, inPaidPeriod, toPlan, toDuration, expected) => {
    const result = checkPlanChange(
      { planId, duration, inPaidPeriod },
      { planId: toPlan, duration: toDuration },
    );
    expect(result.ok ? 'ok' : result.code).toBe(expected);
  });
});

describe('proration of an upgrade (days left over daysMonth)', () => {
  const rows: [string, number, number, number, number, number][] = [
    ['whole period left', 1000_00, 2000_00, 30, 30, 1000_00],
    ['half the month left', 1000_00, 2000_00, 15, 30, 500_00],
    ['one day left', 1000_00, 2000_00, 1, 30, 3333],
    ['no day left', 1000_00, 2000_00, 0, 30, 0],
    ['a cheaper plan is not refunded', 2000_00, 1000_00, 15, 30, 0],
    ['semiannual, 90 of 180 days left', 5400_00, 9000_00, 90, 180, 1800_00],
    ['days beyond the period count as the period', 1000_00, 2000_00, 40, 30, 1000_00],
  ];
  it.each(rows)('%s', (_label, oldPriceMinor, newPriceMinor, left, daysMonth, expected) => {
    expect(prorate({ oldPriceMinor, newPriceMinor, daysLeft: left, daysMonth })).toBe(expected);
  });
});
