import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { PlanCardsTable, PlanChargesTable, PlanPreapprovalSyncsTable } from '../../db/tables/plans.ts';

export type PlanCardRow = Selectable<PlanCardsTable>;
export type PlanChargeRow = Selectable<PlanChargesTable>;
export type PreapprovalSyncRow = Selectable<PlanPreapprovalSyncsTable>;

/** The account that sells the plans (issue 16: the platform is the seller of plan charges). */
export const platformSellerEmail = 'plataforma@agendo.invalid';

export function findPlanCard(db: DB, userId: number) {
  return db.selectFrom('plan_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findPlanCardBySetup(db: DB, setupId: string) {
  return db.selectFrom('plan_cards').selectAll().where('setup_id', '=', setupId).executeTakeFirst();
}

/** One card per professional: a new link replaces the previous one. */
export async function savePlanCard(db: DB, row: Insertable<PlanCardsTable>) {
  await db
    .insertInto('plan_cards')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        provider: row.provider,
        state: row.state,
        setup_id: row.setup_id ?? null,
        customer_id: row.customer_id ?? null,
        method_id: row.method_id ?? null,
        last_four: row.last_four ?? null,
        message: row.message ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Changes the card only while it is still in `fromState` (a replayed webhook changes nothing). */
export async function updatePlanCard(
  db: DB,
  userId: number,
  fromState: PlanCardRow['state'],
  changes: Updateable<PlanCardsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_cards')
    .set(changes)
    .where('user_id', '=', userId)
    .where('state', '=', fromState)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setCardAdded(db: DB, userId: number, added: 0 | 1) {
  await db.updateTable('users').set({ card_added: added }).where('id', '=', userId).execute();
}

export function findBillingAccount(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'country_id', 'card_added'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The platform's own account, the seller of every plan charge (created on first need; it cannot
 * sign in: its password hash is no hash).
 */
export async function platformSellerId(db: DB, nowIso: string): Promise<number> {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', platformSellerEmail)
    .executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('users')
    .values({
      ref: `plataforma-${nowIso.slice(0, 10)}`,
      email: platformSellerEmail,
      password_hash: '!',
      first_name: 'Agendo',
      last_name: 'Plataforma',
      user_type: 1,
      country_id: 5,
      lang: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
      phone: null,
      img: null,
      email_verified_at: null,
      pending_email: null,
      new_user: 0,
      signup_ref: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', platformSellerEmail)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes what the subscription owes, only if it is still that amount (the claim of a charge). */
export async function takeAmountDue(
  db: DB,
  userId: number,
  amountMinor: number,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_subscriptions')
    .set({ amount_due_minor: 0, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('amount_due_minor', '=', amountMinor)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Subscriptions that owe something and have a linked card to charge it to. */
export function listOwingWithCard(db: DB, limit: number) {
  return db
    .selectFrom('plan_subscriptions as s')
    .innerJoin('plan_cards as c', 'c.user_id', 's.user_id')
    .select(['s.user_id', 's.amount_due_minor', 's.due_currency', 's.plan_id', 's.selected_plan'])
    .where('s.amount_due_minor', '>', 0)
    .where('c.state', '=', 'linked')
    .orderBy('s.user_id')
    .limit(limit)
    .execute();
}

export async function insertPlanCharge(db: DB, row: Insertable<PlanChargesTable>): Promise<number> {
  return insertReturningId(db, 'plan_charges', row);
}

export function findPlanCharge(db: DB, id: number) {
  return db.selectFrom('plan_charges').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPlanChargeBySale(db: DB, saleId: number) {
  return db.selectFrom('plan_charges').selectAll().where('sale_id', '=', saleId).executeTakeFirst();
}

export function latestPlanCharge(db: DB, userId: number) {
  return db
    .selectFrom('plan_charges')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Pending charges whose next attempt has come (those paid through a hosted page have none). */
export function listDueCharges(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('plan_charges')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * What rides on the preapproval's next debit: Mercado Pago charges never attempted yet and due
 * later (a proration, preapprovalAfterPlanChange).
 */
export async function carriedByNextDebit(db: DB, userId: number, nowIso: string): Promise<number> {
  const rows = await db
    .selectFrom('plan_charges')
    .select('amount_minor')
    .where('user_id', '=', userId)
    .where('provider', '=', 'mercadopago')
    .where('state', '=', 'pending')
    .where('attempts', '=', 0)
    .where('last_error', 'is', null)
    .where('next_attempt_at', '>', nowIso)
    .execute();
  return rows.reduce((sum, r) => sum + r.amount_minor, 0);
}

/** Whether the professional still has a plan charge waiting for its provider's answer. */
export async function hasPendingCharge(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('plan_charges')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims one attempt: only the instance whose update finds the charge as it read it makes the
 * call; `leaseUntil` keeps the others off while it runs (a crash retries after it).
 */
export async function claimChargeAttempt(
  db: DB,
  charge: PlanChargeRow,
  leaseUntil: string,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_charges')
    .set({ attempts: charge.attempts + 1, next_attempt_at: leaseUntil })
    .where('id', '=', charge.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', charge.attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function updatePlanCharge(
  db: DB,
  id: number,
  fromState: PlanChargeRow['state'],
  changes: Updateable<PlanChargesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_charges')
    .set(changes)
    .where('id', '=', id)
    .where('state', '=', fromState)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setPaymentBlocked(db: DB, userId: number, blocked: 0 | 1, nowIso: string) {
  await db
    .updateTable('plan_subscriptions')
    .set({ payment_blocked: blocked, updated_at: nowIso })
    .where('user_id', '=', userId)
    .execute();
}

/** Records a provider's notification; false when it was applied already (a replay). */
export async function recordBillingEventOnce(db: DB, provider: string, eventId: string, nowIso: string) {
  const r = await db
    .insertInto('plan_billing_events')
    .values({ provider, event_id: eventId, created_at: nowIso })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Records what a preapproval should be (ADR 015): the latest wish replaces an earlier one, starts
 * its attempts over and is due at once. A lease held by an attempt of the earlier wish is kept:
 * that call may still land, so the new wish waits for it instead of racing it.
 */
export async function wantPreapproval(
  db: DB,
  wish: {
    preapprovalId: string;
    userId: number;
    status: PreapprovalSyncRow['status'];
    amountMinor: number | null;
    currency: string | null;
  },
  nowIso: string,
) {
  const wanted = {
    user_id: wish.userId,
    status: wish.status,
    amount_minor: wish.amountMinor,
    currency: wish.currency,
    state: 'pending' as const,
    attempts: 0,
    next_attempt_at: nowIso,
    last_error: null,
    updated_at: nowIso,
  };
  await db
    .insertInto('plan_preapproval_syncs')
    .values({ preapproval_id: wish.preapprovalId, ...wanted, created_at: nowIso })
    .onConflict((oc) =>
      oc.column('preapproval_id').doUpdateSet((eb) => ({
        ...wanted,
        version: eb('plan_preapproval_syncs.version', '+', 1),
      })),
    )
    .execute();
}

/** Wishes whose next attempt has come and that no instance is making now. */
export function listDuePreapprovalSyncs(db: DB, nowIso: string, limit: number, userId?: number) {
  let query = db
    .selectFrom('plan_preapproval_syncs')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('next_attempt_at').limit(limit).execute();
}

/**
 * Claims one attempt of a wish as it was read: only one instance's update matches (the others
 * find the lease taken or a newer version); a crashed attempt is taken again after `leaseUntil`.
 */
export async function claimPreapprovalSync(
  db: DB,
  sync: PreapprovalSyncRow,
  nowIso: string,
  leaseUntil: string,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_preapproval_syncs')
    .set({ lease_until: leaseUntil, attempts: sync.attempts + 1 })
    .where('preapproval_id', '=', sync.preapproval_id)
    .where('version', '=', sync.version)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Ends a claimed attempt: the outcome is written only if the wish is still the version that was
 * attempted; a newer wish just gets the lease back (and stays due). False when it was newer.
 */
export async function finishPreapprovalSync(
  db: DB,
  sync: PreapprovalSyncRow,
  outcome: Updateable<PlanPreapprovalSyncsTable>,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('plan_preapproval_syncs')
    .set({ ...outcome, lease_until: null, updated_at: nowIso })
    .where('preapproval_id', '=', sync.preapproval_id)
    .where('version', '=', sync.version)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return true;
  await db
    .updateTable('plan_preapproval_syncs')
    .set({ lease_until: null })
    .where('preapproval_id', '=', sync.preapproval_id)
    .execute();
  return false;
}
