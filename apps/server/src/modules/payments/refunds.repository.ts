import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { PaymentRefundsTable, RefundState } from '../../db/tables/bookings.ts';
import type { PaymentRow } from './payments.repository.ts';

export type RefundRow = Selectable<PaymentRefundsTable>;

/**
 * Writes the refund owed for a payment, once: a second cancellation or webhook asking for the
 * same payment finds the first row (unique payment_id). ON CONFLICT DO NOTHING keeps a
 * PostgreSQL transaction usable. Answers the row's id either way.
 */
export async function insertRefundOnce(
  db: DB,
  payment: PaymentRow,
  row: { ref: string; now: string },
): Promise<number> {
  await db
    .insertInto('payment_refunds')
    .values({
      ref: row.ref,
      payment_id: payment.id,
      sale_id: payment.sale_id,
      provider: payment.provider,
      amount_minor: payment.amount_minor,
      currency: payment.currency,
      state: 'pending',
      attempts: 0,
      next_attempt_at: row.now,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
  const found = await db
    .selectFrom('payment_refunds')
    .select('id')
    .where('payment_id', '=', payment.id)
    .executeTakeFirstOrThrow();
  return found.id;
}

export function findRefund(db: DB, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pending refunds whose next attempt is due, oldest first. */
export function listDueRefunds(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('payment_refunds')
    .select(['id', 'attempts'])
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * The claim of one attempt: a conditional update on the attempt count read, so of several
 * instances (or the cancelling request and a sweep) exactly one wins. The winner's retry time
 * is written with the claim, so an attempt cut short by a crash is retried then.
 */
export async function claimRefundAttempt(
  db: DB,
  id: number,
  seen: { attempts: number; nowIso: string; retryAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_refunds')
    .set({ attempts: seen.attempts + 1, next_attempt_at: seen.retryAt, updated_at: seen.nowIso })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('attempts', '=', seen.attempts)
    .where('next_attempt_at', '<=', seen.nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a pending refund (done or flagged); answers false when it was not pending any more. */
export async function settleRefund(
  db: DB,
  id: number,
  changes: {
    state: Exclude<RefundState, 'pending'>;
    providerRefundId?: string | null;
    error?: string;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_refunds')
    .set({
      state: changes.state,
      updated_at: changes.now,
      ...(changes.providerRefundId !== undefined ? { provider_refund_id: changes.providerRefundId } : {}),
      ...(changes.error !== undefined ? { last_error: changes.error } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordRefundError(db: DB, id: number, error: string, now: string): Promise<void> {
  await db
    .updateTable('payment_refunds')
    .set({ last_error: error, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Who is told about a refund that could not be made: the seller, and the appointment if any. */
export function findRefundNotice(db: DB, refundId: number) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('sales as s', 's.id', 'r.sale_id')
    .innerJoin('users as pro', 'pro.id', 's.seller_id')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .select([
      'r.amount_minor as amountMinor',
      'r.currency',
      'r.last_error as lastError',
      's.description',
      'pro.id as proId',
      'pro.email as proEmail',
      'pro.first_name as proFirstName',
      'pro.country_id as proCountryId',
      'pro.lang as proLang',
      'b.ref as bookingRef',
      'b.starts_at as startsAt',
      'pro.time_zone as proTimeZone',
    ])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
}

/** A pending refund the provider reported done on its own (its refund webhook). */
export async function settleRefundOfPayment(db: DB, paymentId: number, now: string): Promise<void> {
  await db
    .updateTable('payment_refunds')
    .set({ state: 'done', updated_at: now })
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'pending')
    .execute();
}
