import {
  freePlanId,
  giftSessions,
  type PlanDuration,
  type PlanId,
  plans,
  trialWarningDays,
} from '../constants/plans.ts';

const dayMs = 86_400_000;

/** Whole days from `now` until `end`, rounded up (a part of a day still counts); never negative. */
export function daysLeft(nowIso: string, endIso: string): number {
  return Math.max(0, Math.ceil((Date.parse(endIso) - Date.parse(nowIso)) / dayMs));
}

export type TrialNotice =
  | { kind: 'none' }
  | { kind: 'days'; days: number }
  | { kind: 'warning'; days: number }
  | { kind: 'ends-today' };

/**
 * spec 002 §4: the trial's remaining days show; with fewer than 5 and above 0 a warning with the
 * number; at 0 'Tu período de prueba finaliza hoy.' with the plan selector.
 */
export function trialNotice(daysRemaining: number | null): TrialNotice {
  if (daysRemaining === null) return { kind: 'none' };
  if (daysRemaining <= 0) return { kind: 'ends-today' };
  if (daysRemaining < trialWarningDays) return { kind: 'warning', days: daysRemaining };
  return { kind: 'days', days: daysRemaining };
}

export const trialEndsTodayText = 'Tu período de prueba finaliza hoy.';

/** Order of the tiers: the free plan is the lowest, then 1, 2 and 3. */
export function planRank(planId: PlanId): number {
  return planId === freePlanId ? 0 : planId;
}

/** Sessions allowed in the cycle: the plan's monthly number plus gifts; null = unlimited. */
export function cycleQuota(planId: PlanId, giftUses: number): number | null {
  const uses = plans[planId].uses;
  return uses === null ? null : uses + giftUses;
}

/** spec 002 §4: blockUse turns on when the cycle's uses reach the quota. */
export function isQuotaReached(planId: PlanId, uses: number, giftUses: number): boolean {
  const quota = cycleQuota(planId, giftUses);
  return quota !== null && uses >= quota;
}

/**
 * spec 002 §4/§9: gift sessions, 5 more for plan 1 and 10 for plan 2, only when canSelectGift:
 * the quota is reached and no gift was taken in this cycle. 0 = no gift available.
 */
export function giftFor(s: { planId: PlanId; blockUse: boolean; giftTakenThisCycle: boolean }): number {
  if (!s.blockUse || s.giftTakenThisCycle) return 0;
  return giftSessions[s.planId] ?? 0;
}

export const giftMessage = (n: number) =>
  `¡Te habilitamos ${n} turnos más a tu plan actual para que puedas seguir trabajando!`;

export interface CurrentPlan {
  planId: PlanId;
  duration: PlanDuration;
  /** A paid period is running (not the trial, not the free plan, not lapsed). */
  inPaidPeriod: boolean;
}

export type PlanChangeCheck = { ok: true } | { ok: false; code: 'E20' | 'E21' | 'E22' };

/**
 * spec 002 §8 change-plan. Outside a paid period (trial, free plan, lapsed) any plan may be
 * chosen, and the free plan may be chosen at any time (it ends the subscription; its loss of
 * workshops and newer posts is warned). Inside a paid period:
 * - a longer duration waits for the period's end (E21);
 * - a lower tier, or the same tier for less time, waits for the next cycle on a monthly plan
 *   (E20) and is refused on a prepaid semiannual or annual one (E22).
 */
export function checkPlanChange(current: CurrentPlan, target: { planId: PlanId; duration: PlanDuration }) {
  if (target.planId === freePlanId) return { ok: true } as PlanChangeCheck;
  if (!current.inPaidPeriod || current.planId === freePlanId) return { ok: true } as PlanChangeCheck;
  if (target.duration > current.duration) return { ok: false, code: 'E21' } as PlanChangeCheck;
  const lower =
    planRank(target.planId) < planRank(current.planId) ||
    (target.planId === current.planId && target.duration < current.duration);
  if (lower) return { ok: false, code: current.duration === 30 ? 'E20' : 'E22' } as PlanChangeCheck;
  return { ok: true } as PlanChangeCheck;
}

/**
 * The proration (prorrateo) of an upgrade inside a paid period: the price difference for the days
 * left of the period, over the period's days (daysMonth). In minor units, rounded; never negative
 * (a cheaper plan is not refunded). Outside a paid period the whole new price is due.
 */
export function prorate(p: {
  oldPriceMinor: number;
  newPriceMinor: number;
  daysLeft: number;
  daysMonth: number;
}): number {
  if (p.daysMonth <= 0) return 0;
  const days = Math.min(Math.max(p.daysLeft, 0), p.daysMonth);
  return Math.max(0, Math.round(((p.newPriceMinor - p.oldPriceMinor) * days) / p.daysMonth));
}
