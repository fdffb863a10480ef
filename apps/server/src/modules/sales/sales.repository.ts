import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { SaleRow, SalesTable } from '../../db/tables/bookings.ts';

export type { SaleRow };

export interface NewSale {
  ref: string;
  kind: SalesTable['kind'];
  sellerId: number;
  buyerId: number | null;
  contactId: number | null;
  bookingId: number | null;
  description: string;
  amountMinor: number;
  discountMinor: number;
  currency: string;
  method: SalesTable['method'];
  state: SalesTable['state'];
  provider: string | null;
  couponId: number | null;
  now: string;
}

export async function insertSale(db: DB, sale: NewSale): Promise<number> {
  return insertReturningId(db, 'sales', {
    ref: sale.ref,
    kind: sale.kind,
    seller_id: sale.sellerId,
    buyer_id: sale.buyerId,
    contact_id: sale.contactId,
    booking_id: sale.bookingId,
    description: sale.description,
    amount_minor: sale.amountMinor,
    discount_minor: sale.discountMinor,
    currency: sale.currency,
    method: sale.method,
    state: sale.state,
    provider: sale.provider,
    coupon_id: sale.couponId,
    created_at: sale.now,
    paid_at: sale.state === 'paid' ? sale.now : null,
    updated_at: sale.now,
  });
}

export function findSaleById(db: DB, id: number): Promise<SaleRow | undefined> {
  return db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSaleByRef(db: DB, ref: string): Promise<SaleRow | undefined> {
  return db.selectFrom('sales').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export async function updateSale(
  db: DB,
  id: number,
  changes: Partial<
    Pick<
      SaleRow,
      | 'state'
      | 'method'
      | 'provider'
      | 'amount_minor'
      | 'discount_minor'
      | 'currency'
      | 'paid_at'
      | 'booking_id'
      | 'commission_bp'
      | 'commission_minor'
      | 'own_gateway'
    >
  > & {
    updated_at: string;
  },
  onlyFromStates?: readonly SalesTable['state'][],
): Promise<boolean> {
  let query = db.updateTable('sales').set(changes).where('id', '=', id);
  if (onlyFromStates) query = query.where('state', 'in', onlyFromStates);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The seller's plan, which sets the commission frozen on a sale when it is paid. */
export async function sellerPlanOf(db: DB, sellerId: number): Promise<number> {
  const row = await db.selectFrom('users').select('user_plan').where('id', '=', sellerId).executeTakeFirst();
  return row?.user_plan ?? 4;
}

/**
 * A payment collected outside a provider (cash, transfer, marked paid by the professional):
 * recorded as an approved payment so every paid sale has one, with the payId the table shows.
 */
export async function insertRecordedPayment(
  db: DB,
  payment: {
    ref: string;
    saleId: number;
    provider: string;
    amountMinor: number;
    currency: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      ref: payment.ref,
      sale_id: payment.saleId,
      provider: payment.provider,
      provider_payment_id: null,
      amount_minor: payment.amountMinor,
      currency: payment.currency,
      state: 'approved',
      return_url: '',
      checkout_url: null,
      created_at: payment.now,
      updated_at: payment.now,
    })
    .execute();
}

/** What the sale's approved payments add up to (a balance payment may have covered part of it). */
/**
 * The approved payments toward the sale `s` of the outer query, as a column: what the rule of what
 * is owed (contract owedOnSale) takes off its price, on the professional's and the client's side.
 */
export const paidOnSaleSql = sql<number>`coalesce((select sum(p.amount_minor) from payments p where p.sale_id = s.id and p.state = 'approved'), 0)`;

export async function approvedPaidMinor(db: DB, saleId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_minor'), eb.lit(0)).as('total'))
    .where('sale_id', '=', saleId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function approvedPaymentRef(db: DB, saleId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('ref')
    .where('sale_id', '=', saleId)
    .where('state', '=', 'approved')
    .orderBy('id')
    .executeTakeFirst();
  return row?.ref ?? null;
}
