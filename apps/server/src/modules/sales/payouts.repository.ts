import { type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * A sale whose card payment is owed back (its appointment was cancelled; issue 34) is never
 * released: the money goes back to the client, not to the professional.
 */
const noRefundOwed = sql<SqlBool>`not exists (select 1 from payment_refunds rf where rf.sale_id = sales.id)`;

/**
 * Sellers and currencies with paid card sales released (paid at or before the cutoff) and no
 * payout yet. A card sale paid into the professional's own gateway account (own_gateway) is
 * theirs already, like cash: the platform never held it, so no payout releases it.
 */
export function listReleasedGroups(db: DB, cutoffIso: string, limit: number) {
  return db
    .selectFrom('sales')
    .select(['seller_id as sellerId', 'currency'])
    .where('state', '=', 'paid')
    .where('method', '=', 'card')
    .where('own_gateway', '=', 0)
    .where('payout_id', 'is', null)
    .where('paid_at', '<=', cutoffIso)
    .where(noRefundOwed)
    .groupBy(['seller_id', 'currency'])
    .orderBy('seller_id')
    .limit(limit)
    .execute();
}

/**
 * The claim: a new payout takes every released card sale of the group that no payout holds yet,
 * with one conditional update. A concurrent sweeper's update waits for this one's row locks and
 * then finds payout_id set, so a sale never lands in two payouts; a payout that won nothing is
 * deleted. Answers the payout's id and totals, or null.
 */
export async function claimPayout(
  db: DB,
  group: { sellerId: number; currency: string; cutoffIso: string; ref: string; nowIso: string },
): Promise<{ id: number; amountMinor: number; salesCount: number } | null> {
  const payout = await db
    .insertInto('payouts')
    .values({
      ref: group.ref,
      seller_id: group.sellerId,
      currency: group.currency,
      amount_minor: 0,
      sales_count: 0,
      created_at: group.nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('sales')
    .set({ payout_id: payout.id })
    .where('seller_id', '=', group.sellerId)
    .where('currency', '=', group.currency)
    .where('state', '=', 'paid')
    .where('method', '=', 'card')
    .where('own_gateway', '=', 0)
    .where('payout_id', 'is', null)
    .where('paid_at', '<=', group.cutoffIso)
    .where(noRefundOwed)
    .execute();
  const totals = await db
    .selectFrom('sales')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb('amount_minor', '-', eb.fn.coalesce('commission_minor', eb.lit(0)))).as('net'),
    ])
    .where('payout_id', '=', payout.id)
    .executeTakeFirstOrThrow();
  const salesCount = Number(totals.n);
  if (salesCount === 0) {
    await db.deleteFrom('payouts').where('id', '=', payout.id).execute();
    return null;
  }
  const amountMinor = Number(totals.net);
  await db
    .updateTable('payouts')
    .set({ amount_minor: amountMinor, sales_count: salesCount })
    .where('id', '=', payout.id)
    .execute();
  return { id: payout.id, amountMinor, salesCount };
}
