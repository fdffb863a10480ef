import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { SalesTable } from '../../db/tables/bookings.ts';

export type SaleRow = Selectable<SalesTable>;

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
  const row = await db
    .insertInto('sales')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
