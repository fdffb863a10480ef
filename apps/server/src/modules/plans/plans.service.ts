import {
  checkPlanChange,
  cycleQuota,
  daysLeft,
  freePlanId,
  giftFor,
  isQuotaReached,
  type PlanDuration,
  type PlanId,
  planDurations,
  plans,
  prorate,
  trialDays,
  type UserPlanDataT,
  usesCycleDays,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  addUse,
  claimSubscriptionChange,
  countActivePosts,
  findPlanAccount,
  findPrice,
  findPriceById,
  findSubscription,
  freePlanPosts,
  hasPricesFor,
  insertSubscriptionIfMissing,
  listDueSubscriptions,
  mirrorOnAccount,
  pauseForFreePlan,
  resumeAfterFreePlan,
  type SubscriptionChanges,
  type SubscriptionRow,
  updateSubscription,
} from './plans.repository.ts';

const dayMs = 86_400_000;
/** Countries without their own price rows are charged the international (USD) ones (spec 002 §9). */
export const internationalPriceCountry = 55;

function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * dayMs).toISOString();
}

function asPlanId(n: number): PlanId {
  return (n === 1 || n === 2 || n === 3 ? n : freePlanId) as PlanId;
}
function asDuration(n: number): PlanDuration {
  return ((planDurations as readonly number[]).includes(n) ? n : 30) as PlanDuration;
}

export async function priceCountryOf(db: DB, countryId: number): Promise<number> {
  return (await hasPricesFor(db, countryId)) ? countryId : internationalPriceCountry;
}

/**
 * What the row becomes at `nowIso` (the timed work's rule, also applied inline so a late sweep
 * never counts a session into an ended cycle):
 * - the trial ends: the plan chosen during it starts, else the professional stays on the free plan;
 * - each ended 30-day cycle starts the next with no uses, no gift and no block;
 * - each ended paid period starts the next (its charge is left due for the payment slice).
 * Answers null when nothing is due.
 */
export function advanceSubscription(
  sub: SubscriptionRow,
  nowIso: string,
): { changes: SubscriptionChanges; periodsRenewed: number; trialEnded: boolean } | null {
  const next = { ...sub };
  let trialEnded = false;
  let periodsRenewed = 0;
  if (next.trial_done === 0 && next.trial_ends_at !== null && next.trial_ends_at <= nowIso) {
    next.trial_done = 1;
    trialEnded = true;
    if (next.selected_plan !== null) {
      next.plan_id = next.selected_plan;
      next.duration = next.selected_duration ?? 30;
      next.period_start = next.trial_ends_at;
      next.period_end = plusDays(next.trial_ends_at, next.duration);
      next.cycle_start = next.trial_ends_at;
      next.cycle_end = plusDays(next.trial_ends_at, usesCycleDays);
      next.uses = 0;
      next.gift_uses = 0;
      next.gift_taken = 0;
      periodsRenewed += 1;
    }
    next.selected_plan = null;
    next.selected_duration = null;
  }
  while (next.cycle_end <= nowIso) {
    next.cycle_start = next.cycle_end;
    next.cycle_end = plusDays(next.cycle_end, usesCycleDays);
    next.uses = 0;
    next.gift_uses = 0;
    next.gift_taken = 0;
  }
  while (next.period_end <= nowIso) {
    next.period_start = next.period_end;
    next.period_end = plusDays(next.period_end, next.plan_id === freePlanId ? usesCycleDays : next.duration);
    if (next.plan_id !== freePlanId) periodsRenewed += 1;
  }
  next.block_use = isQuotaReached(asPlanId(next.plan_id), next.uses, next.gift_uses) ? 1 : 0;
  const changed = (Object.keys(next) as (keyof SubscriptionRow)[]).some((k) => next[k] !== sub[k]);
  if (!changed) return null;
  const { user_id: _id, ...changes } = next;
  return { changes: { ...changes, updated_at: nowIso }, periodsRenewed, trialEnded };
}

async function renewalCharge(db: DB, userId: number, planId: number, duration: number) {
  const account = await findPlanAccount(db, userId);
  if (!account || planId === freePlanId) return null;
  const price = await findPrice(db, await priceCountryOf(db, account.country_id), planId, duration);
  return price ? { amountMinor: price.amount_minor, currency: price.currency } : null;
}

/** Applies the due changes under the claim; answers the row as stored afterwards. */
async function applyDue(
  db: DB,
  sub: SubscriptionRow,
  nowIso: string,
): Promise<{ row: SubscriptionRow; won: boolean }> {
  const due = advanceSubscription(sub, nowIso);
  if (!due) return { row: sub, won: false };
  const changes = { ...due.changes };
  if (due.periodsRenewed > 0) {
    const planId = changes.plan_id ?? sub.plan_id;
    const charge = await renewalCharge(db, sub.user_id, planId, changes.duration ?? sub.duration);
    if (charge) {
      changes.amount_due_minor = sub.amount_due_minor + charge.amountMinor * due.periodsRenewed;
      changes.due_currency = charge.currency;
    }
  }
  const won = await claimSubscriptionChange(db, sub, changes);
  const row = await findSubscription(db, sub.user_id);
  if (!row) throw new Error('subscription vanished');
  if (won) await mirrorOnAccount(db, row.user_id, { planId: row.plan_id, blockUse: row.block_use });
  // A trial that ends with no plan chosen leaves the professional on the free plan and its limits.
  if (won && due.trialEnded && row.plan_id === freePlanId) await pauseForFreePlan(db, row.user_id, nowIso);
  return { row, won };
}

/**
 * The professional's subscription, created on first need (issue 16: a new professional starts
 * the 30-day trial, counted from the account's creation) and brought up to date.
 */
export async function currentSubscription(deps: AppDeps, db: DB, userId: number): Promise<SubscriptionRow> {
  const nowIso = deps.now().toISOString();
  let sub = await findSubscription(db, userId);
  if (!sub) {
    const account = await findPlanAccount(db, userId);
    if (!account) throw new ActionError('E401');
    const trialEnds = plusDays(account.created_at, trialDays);
    const trialOver = trialEnds <= nowIso;
    await insertSubscriptionIfMissing(db, {
      user_id: userId,
      plan_id: account.user_plan,
      duration: 30,
      trial_ends_at: trialEnds,
      trial_done: trialOver ? 1 : 0,
      selected_plan: null,
      selected_duration: null,
      period_start: trialOver ? nowIso : account.created_at,
      period_end: trialOver ? plusDays(nowIso, 30) : trialEnds,
      cycle_start: nowIso,
      cycle_end: plusDays(nowIso, usesCycleDays),
      block_use: 0,
      due_currency: null,
      updated_at: nowIso,
    });
    sub = await findSubscription(db, userId);
    if (!sub) throw new Error('subscription not created');
  }
  return (await applyDue(db, sub, nowIso)).row;
}

/**
 * bookings: a client's booking was made (held → booked). It counts against the cycle's
 * sessions; reaching the quota turns blockUse on (spec 002 §4), which hides the slots
 * ('Sin horarios disponibles', spec 000 §4). Run inside the booking's transaction.
 */
export async function countBookingUse(deps: AppDeps, tx: DB, professionalId: number): Promise<void> {
  const nowIso = deps.now().toISOString();
  await currentSubscription(deps, tx, professionalId);
  const row = await addUse(tx, professionalId, nowIso);
  const block = isQuotaReached(asPlanId(row.plan_id), row.uses, row.gift_uses) ? 1 : 0;
  if (block !== row.block_use) {
    await updateSubscription(tx, professionalId, { block_use: block });
    await mirrorOnAccount(tx, professionalId, { planId: row.plan_id, blockUse: block });
  }
}

function inTrial(sub: SubscriptionRow, nowIso: string): boolean {
  return sub.trial_done === 0 && sub.trial_ends_at !== null && sub.trial_ends_at > nowIso;
}
function inPaidPeriod(sub: SubscriptionRow, nowIso: string): boolean {
  return !inTrial(sub, nowIso) && sub.plan_id !== freePlanId && sub.period_end > nowIso;
}

/** A paid plan chosen on the free plan after the trial, waiting for its first payment (issue 34). */
export function isPendingPlan(sub: Pick<SubscriptionRow, 'plan_id' | 'trial_done' | 'selected_plan'>) {
  return sub.trial_done === 1 && sub.plan_id === freePlanId && sub.selected_plan !== null;
}

/** What the pending plan's first period owes (0 when none is pending). */
async function pendingPrice(db: DB, sub: SubscriptionRow, priceCountry: number): Promise<number> {
  if (!isPendingPlan(sub) || sub.selected_plan === null) return 0;
  const price = await findPrice(db, priceCountry, sub.selected_plan, sub.selected_duration ?? 30);
  return price?.amount_minor ?? 0;
}

/**
 * A plan charge was paid (the pay-plan page, or the linked card): a paid plan waiting for its
 * first payment starts now, with its first period, and what the free plan paused comes back.
 * Run in the payment's transaction; nothing happens when no plan is pending.
 */
export async function startPendingPlan(deps: AppDeps, tx: DB, userId: number): Promise<void> {
  const nowIso = deps.now().toISOString();
  const sub = await currentSubscription(deps, tx, userId);
  if (!isPendingPlan(sub) || sub.selected_plan === null) return;
  const planId = asPlanId(sub.selected_plan);
  const duration = asDuration(sub.selected_duration ?? 30);
  const block = isQuotaReached(planId, sub.uses, sub.gift_uses) ? 1 : 0;
  const won = await claimSubscriptionChange(tx, sub, {
    plan_id: planId,
    duration,
    selected_plan: null,
    selected_duration: null,
    period_start: nowIso,
    period_end: plusDays(nowIso, duration),
    block_use: block,
    updated_at: nowIso,
  });
  if (!won) return;
  await mirrorOnAccount(tx, userId, { planId, blockUse: block });
  await resumeAfterFreePlan(tx, userId, nowIso);
}

/** spec 002 §3 User data, the plan fields. */
export async function planView(deps: AppDeps, db: DB, userId: number): Promise<UserPlanDataT> {
  const nowIso = deps.now().toISOString();
  const sub = await currentSubscription(deps, db, userId);
  const account = await findPlanAccount(db, userId);
  if (!account) throw new ActionError('E401');
  const planId = asPlanId(sub.plan_id);
  const trial = inTrial(sub, nowIso);
  const paid = inPaidPeriod(sub, nowIso);
  const priceCountry = await priceCountryOf(db, account.country_id);
  const price = planId === freePlanId ? undefined : await findPrice(db, priceCountry, planId, sub.duration);
  const fallbackCurrency = priceCountry === internationalPriceCountry ? 'USD' : (price?.currency ?? 'USD');
  return {
    userCountry: account.country_id,
    userPlan: planId,
    days_plan: asDuration(sub.duration),
    periodStartUser: sub.period_start,
    periodFinishUser: sub.period_end,
    periodStartNextUser: sub.period_end,
    cycleStart: sub.cycle_start,
    cycleEnd: sub.cycle_end,
    selectPlan: trial ? 1 : 0,
    periodFree: trial ? 1 : 0,
    // spec 002 §4: whole days left; the trial's last day shows 0 ('finaliza hoy').
    difDaysPeriodFree:
      trial && sub.trial_ends_at
        ? Math.floor((Date.parse(sub.trial_ends_at) - Date.parse(nowIso)) / dayMs)
        : null,
    selectedPlan:
      (trial || isPendingPlan(sub)) && sub.selected_plan !== null
        ? { planId: asPlanId(sub.selected_plan), duration: asDuration(sub.selected_duration ?? 30) }
        : null,
    daysFinishPlan: paid ? daysLeft(nowIso, sub.period_end) : 0,
    daysMonth: sub.duration,
    totalUses: cycleQuota(planId, sub.gift_uses),
    planUses: sub.uses,
    blockUse: sub.block_use === 1 ? 1 : 0,
    canSelectGift:
      giftFor({ planId, blockUse: sub.block_use === 1, giftTakenThisCycle: sub.gift_taken === 1 }) > 0
        ? 1
        : 0,
    giftExtra: giftFor({ planId, blockUse: sub.block_use === 1, giftTakenThisCycle: sub.gift_taken === 1 }),
    card_added: account.card_added === 1 ? 1 : 0,
    inPaidPeriod: paid,
    currentPrice: price?.amount_minor ?? 0,
    currency: price?.currency ?? fallbackCurrency,
  };
}

/** spec 002 §7 gift-sessions: adds the plan's gift to the cycle and lifts the block. */
export async function takeGiftSessions(deps: AppDeps, userId: number): Promise<number> {
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const sub = await currentSubscription(deps, tx, userId);
    const extra = giftFor({
      planId: asPlanId(sub.plan_id),
      blockUse: sub.block_use === 1,
      giftTakenThisCycle: sub.gift_taken === 1,
    });
    if (extra === 0) throw new ActionError('E30');
    const giftUses = sub.gift_uses + extra;
    const block = isQuotaReached(asPlanId(sub.plan_id), sub.uses, giftUses) ? 1 : 0;
    const won = await claimSubscriptionChange(tx, sub, {
      gift_uses: giftUses,
      gift_taken: 1,
      block_use: block,
      updated_at: nowIso,
    });
    if (!won) throw new ActionError('E30');
    await mirrorOnAccount(tx, userId, { planId: sub.plan_id, blockUse: block });
    return extra;
  });
}

/**
 * spec 002 §7/§8 change-plan. During the trial the choice is kept and starts when the trial ends
 * (no card is needed during the trial). Inside a paid period an upgrade keeps the period and
 * leaves the proration due; outside one the new plan's period starts now with its whole price due.
 * The free plan starts at once (spec 002 §4: it clears the block). `withChange` runs in the same
 * transaction with the amount left due and whether it is a new period's price (`newPeriod`) or a
 * proration of the current one: what the card's provider must follow is recorded with the change
 * or not at all (ADR 015, Mercado Pago's preapproval).
 */
export async function changePlan(
  deps: AppDeps,
  userId: number,
  priceId: number,
  withChange?: (tx: DB, chargeMinor: number, newPeriod: boolean) => Promise<void>,
): Promise<number> {
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const account = await findPlanAccount(tx, userId);
    if (!account) throw new ActionError('E401');
    const target = await findPriceById(tx, priceId);
    if (!target || target.country_id !== (await priceCountryOf(tx, account.country_id))) {
      throw new ActionError('E10');
    }
    const sub = await currentSubscription(deps, tx, userId);
    const toPlan = asPlanId(target.plan_id);
    const toDuration = asDuration(target.duration);
    const current = { planId: asPlanId(sub.plan_id), duration: asDuration(sub.duration) };
    const paid = inPaidPeriod(sub, nowIso);
    const check = checkPlanChange(
      { ...current, inPaidPeriod: paid },
      { planId: toPlan, duration: toDuration },
    );
    if (!check.ok) throw new ActionError(check.code);

    let changes: SubscriptionChanges;
    let charge = 0;
    let newPeriod = false;
    let owedBefore = sub.amount_due_minor;
    if (inTrial(sub, nowIso)) {
      changes = { selected_plan: toPlan, selected_duration: toDuration };
    } else if (paid && current.planId === toPlan && current.duration === toDuration) {
      changes = {};
    } else if (paid) {
      const old = await findPrice(tx, target.country_id, current.planId, current.duration);
      charge = prorate({
        oldPriceMinor: old?.amount_minor ?? 0,
        newPriceMinor: target.amount_minor,
        daysLeft: daysLeft(nowIso, sub.period_end),
        daysMonth: sub.duration,
      });
      changes = { plan_id: toPlan };
    } else if (sub.plan_id === freePlanId) {
      // Issue 34: a paid plan chosen on the free plan waits for its first period's payment (the
      // pay-plan page, or the linked card's charge: startPendingPlan); the free plan and its
      // limits stay until then. A choice not yet paid is replaced, with what it owed.
      charge = target.amount_minor;
      newPeriod = true;
      owedBefore -= await pendingPrice(tx, sub, target.country_id);
      changes = { selected_plan: toPlan, selected_duration: toDuration };
    } else {
      charge = target.amount_minor;
      newPeriod = true;
      changes = {
        plan_id: toPlan,
        duration: toDuration,
        period_start: nowIso,
        period_end: plusDays(nowIso, toDuration),
      };
    }
    const planId = asPlanId(changes.plan_id ?? sub.plan_id);
    const block = isQuotaReached(planId, sub.uses, sub.gift_uses) ? 1 : 0;
    const won = await claimSubscriptionChange(tx, sub, {
      ...changes,
      block_use: block,
      amount_due_minor: Math.max(0, owedBefore) + charge,
      due_currency: charge > 0 ? target.currency : sub.due_currency,
      updated_at: nowIso,
    });
    if (!won) throw new ActionError('E20');
    await mirrorOnAccount(tx, userId, { planId, blockUse: block });
    // Leaving the free plan gives back what it paused (spec 002 §4; nothing was deleted).
    if (planId !== freePlanId) await resumeAfterFreePlan(tx, userId, nowIso);
    await withChange?.(tx, charge, newPeriod);
    return charge;
  });
}

/**
 * The free plan chosen from any plan: the plan row has no price, so it is not a grid id.
 * `withChange` runs in the same transaction, as in changePlan.
 */
export async function changeToFreePlan(
  deps: AppDeps,
  userId: number,
  withChange?: (tx: DB) => Promise<void>,
): Promise<void> {
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (tx) => {
    const sub = await currentSubscription(deps, tx, userId);
    const trial = inTrial(sub, nowIso);
    const account = await findPlanAccount(tx, userId);
    const unpaid = account ? await pendingPrice(tx, sub, await priceCountryOf(tx, account.country_id)) : 0;
    const staysFree = sub.plan_id === freePlanId && !trial;
    const won = await claimSubscriptionChange(tx, sub, {
      ...(trial || staysFree
        ? { selected_plan: null, selected_duration: null }
        : { plan_id: freePlanId, duration: 30, period_start: nowIso, period_end: plusDays(nowIso, 30) }),
      // A paid plan chosen on the free plan and never paid owes nothing once it is dropped.
      amount_due_minor: Math.max(0, sub.amount_due_minor - unpaid),
      block_use: trial ? sub.block_use : 0,
      updated_at: nowIso,
    });
    if (!won) throw new ActionError('E20');
    await mirrorOnAccount(tx, userId, {
      planId: trial ? sub.plan_id : freePlanId,
      blockUse: trial ? sub.block_use : 0,
    });
    // Spec 002 §4: on the free plan only the two oldest posts stay and workshops are paused
    // (marked as paused by the plan, so an upgrade resumes exactly those).
    if (!trial) await pauseForFreePlan(tx, userId, nowIso);
    await withChange?.(tx);
  });
}

/**
 * True when the professional is on the free plan after the trial (the trial is plan 4 too, but
 * it allows everything): a third active post is then refused.
 */
export async function onFreePlanLimits(deps: AppDeps, db: DB, userId: number): Promise<boolean> {
  const sub = await currentSubscription(deps, db, userId);
  return sub.plan_id === freePlanId && !inTrial(sub, deps.now().toISOString());
}

/** Refuses a post that would be the third active one on the free plan (spec 002 §4). */
export async function checkFreePlanPostLimit(deps: AppDeps, db: DB, userId: number): Promise<void> {
  if (!(await onFreePlanLimits(deps, db, userId))) return;
  if ((await countActivePosts(db, userId)) >= freePlanPosts) throw new ActionError('E90');
}

export function planName(planId: number): string {
  return plans[asPlanId(planId)].name;
}

/** Rows per pass; the next pass takes the rest. */
const batch = 200;

/**
 * The plans' timed work (ADR 015), claimed from the database like the booking sweeps: trials that
 * ended, session cycles and paid periods that renew. Each row is changed by a conditional update,
 * so two instances never renew it twice.
 */
export async function runDuePlanWork(deps: AppDeps): Promise<{ renewed: number }> {
  const nowIso = deps.now().toISOString();
  let renewed = 0;
  for (const sub of await listDueSubscriptions(deps.db, nowIso, batch)) {
    const { won } = await deps.db.transaction().execute((tx) => applyDue(tx, sub, nowIso));
    if (won) renewed += 1;
  }
  return { renewed };
}
