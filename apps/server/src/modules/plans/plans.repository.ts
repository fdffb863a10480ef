import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { PlanPricesTable, PlanSubscriptionsTable } from '../../db/tables/plans.ts';

export type SubscriptionRow = Selectable<PlanSubscriptionsTable>;
export type SubscriptionChanges = Updateable<PlanSubscriptionsTable>;
export type PlanPriceRow = Selectable<PlanPricesTable>;

export function findSubscription(db: DB, userId: number) {
  return db.selectFrom('plan_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates the row unless another request did first; the caller reads it back. */
export async function insertSubscriptionIfMissing(db: DB, row: Insertable<PlanSubscriptionsTable>) {
  await db
    .insertInto('plan_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** What the subscription needs of the account. */
export function findPlanAccount(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'user_plan', 'card_added', 'country_id', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes changes only if the row is still as it was read (same cycle, period and trial state):
 * the claim that keeps the sweep and a concurrent request from renewing twice.
 */
export async function claimSubscriptionChange(
  db: DB,
  before: Pick<SubscriptionRow, 'user_id' | 'cycle_end' | 'period_end' | 'trial_done'>,
  changes: SubscriptionChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('plan_subscriptions')
    .set(changes)
    .where('user_id', '=', before.user_id)
    .where('cycle_end', '=', before.cycle_end)
    .where('period_end', '=', before.period_end)
    .where('trial_done', '=', before.trial_done)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateSubscription(db: DB, userId: number, changes: SubscriptionChanges) {
  await db.updateTable('plan_subscriptions').set(changes).where('user_id', '=', userId).execute();
}

/** One more session in the cycle; answers the row as it is after the count. */
export async function addUse(db: DB, userId: number, nowIso: string) {
  await db
    .updateTable('plan_subscriptions')
    .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: nowIso }))
    .where('user_id', '=', userId)
    .execute();
  return db
    .selectFrom('plan_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * The account's copies that the booking picker, the search and the slot check read
 * (spec 000 §4 Publication unusable). A plan blocked by a failed charge (ADR 015) stays blocked
 * whatever the quota says, until a charge is paid.
 */
export async function mirrorOnAccount(db: DB, userId: number, flags: { planId: number; blockUse: number }) {
  const billing = await db
    .selectFrom('plan_subscriptions')
    .select('payment_blocked')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const blocked = flags.blockUse === 1 || (billing?.payment_blocked === 1 && flags.planId !== 4) ? 1 : 0;
  await db
    .updateTable('users')
    .set({ user_plan: flags.planId, block_use: blocked })
    .where('id', '=', userId)
    .execute();
}

/** Subscriptions with a trial, a session cycle or a paid period that has fallen due. */
export function listDueSubscriptions(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('plan_subscriptions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('cycle_end', '<=', nowIso),
        eb('period_end', '<=', nowIso),
        eb.and([eb('trial_done', '=', 0), eb('trial_ends_at', '<=', nowIso)]),
      ]),
    )
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

export function listPricesOfCountry(db: DB, countryId: number) {
  return db
    .selectFrom('plan_prices')
    .selectAll()
    .where('country_id', '=', countryId)
    .orderBy('duration')
    .orderBy('plan_id')
    .execute();
}

export function findPrice(db: DB, countryId: number, planId: number, duration: number) {
  return db
    .selectFrom('plan_prices')
    .selectAll()
    .where('country_id', '=', countryId)
    .where('plan_id', '=', planId)
    .where('duration', '=', duration)
    .executeTakeFirst();
}

export function findPriceById(db: DB, id: number) {
  return db.selectFrom('plan_prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAllPrices(db: DB) {
  return db
    .selectFrom('plan_prices')
    .selectAll()
    .orderBy('country_id')
    .orderBy('duration')
    .orderBy('plan_id')
    .execute();
}

/**
 * True when the country has its own price for every paid plan and duration: a country the
 * administrator is still filling in keeps answering the international grid, never a partial one.
 */
export async function hasPricesFor(db: DB, countryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('plan_prices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('country_id', '=', countryId)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= pricedPlanRows;
}

/** Plans 1, 2 and 3, each for 30, 180 and 365 days. */
const pricedPlanRows = 9;

export async function upsertPrice(db: DB, row: Omit<Insertable<PlanPricesTable>, 'id'>) {
  await db
    .insertInto('plan_prices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['country_id', 'plan_id', 'duration']).doUpdateSet({
        currency: row.currency,
        amount_minor: row.amount_minor,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  return db
    .selectFrom('plan_prices')
    .selectAll()
    .where('country_id', '=', row.country_id)
    .where('plan_id', '=', row.plan_id)
    .where('duration', '=', row.duration)
    .executeTakeFirstOrThrow();
}

/** The posts the free plan keeps (spec 002 §4: the two oldest), counting paused ones. */
export const freePlanPosts = 2;

/**
 * Pauses what the free plan does not allow, marking it as paused by the plan (migration 0026):
 * every live post past the two oldest, and every live workshop. Ones already paused (by the
 * professional or by an earlier pass) are left as they are, so a second pass changes nothing.
 * Answers how many rows it paused.
 */
export async function pauseForFreePlan(db: DB, userId: number, nowIso: string): Promise<number> {
  const posts = await db
    .selectFrom('publications')
    .select(['id', 'paused'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const extra = posts
    .slice(freePlanPosts)
    .filter((p) => p.paused === 0)
    .map((p) => p.id);
  let paused = 0;
  if (extra.length > 0) {
    const res = await db
      .updateTable('publications')
      .set({ paused: 1, plan_paused: 1, updated_at: nowIso })
      .where('id', 'in', extra)
      .where('paused', '=', 0)
      .executeTakeFirst();
    paused += Number(res.numUpdatedRows);
  }
  const res = await db
    .updateTable('workshops')
    .set({ paused: 1, plan_paused: 1, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('paused', '=', 0)
    .executeTakeFirst();
  return paused + Number(res.numUpdatedRows);
}

/** Resumes exactly what the free plan paused (never what the professional paused themselves). */
export async function resumeAfterFreePlan(db: DB, userId: number, nowIso: string): Promise<void> {
  for (const table of ['publications', 'workshops'] as const) {
    await db
      .updateTable(table)
      .set({ paused: 0, plan_paused: 0, updated_at: nowIso })
      .where('user_id', '=', userId)
      .where('plan_paused', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    // A post deleted while paused by the plan stays paused; only its mark goes.
    await db
      .updateTable(table)
      .set({ plan_paused: 0 })
      .where('user_id', '=', userId)
      .where('plan_paused', '=', 1)
      .execute();
  }
}

/** Live, unpaused posts of the professional (the free plan allows two). */
export async function countActivePosts(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('paused', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
