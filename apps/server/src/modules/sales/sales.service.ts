import type { DB } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import { findSaleById, insertSale, type NewSale, type SaleRow, updateSale } from './sales.repository.ts';

export type { SaleRow };

/**
 * ROADMAP: every sale (a booking now; a module, a plan or a balance payment later) is one sales
 * record that the sales table, payouts, invoices and the client's Contrataciones tab all read.
 */
export async function createSale(db: DB, sale: Omit<NewSale, 'ref'>): Promise<{ id: number; ref: string }> {
  const ref = newRef();
  const id = await insertSale(db, { ...sale, ref });
  return { id, ref };
}

export function findSale(db: DB, id: number): Promise<SaleRow | undefined> {
  return findSaleById(db, id);
}

/**
 * Marks a pending sale paid. Answers false when it was not pending (already paid, void or
 * refunded): callers use that to stay idempotent (a webhook retried, a double click).
 */
export function markSalePaid(
  db: DB,
  saleId: number,
  paid: { method: SaleRow['method']; provider: string | null; now: string },
): Promise<boolean> {
  return updateSale(
    db,
    saleId,
    { state: 'paid', method: paid.method, provider: paid.provider, paid_at: paid.now, updated_at: paid.now },
    ['pending'],
  );
}

export function voidSale(db: DB, saleId: number, now: string): Promise<boolean> {
  return updateSale(db, saleId, { state: 'void', updated_at: now }, ['pending']);
}

export function markSaleRefunded(db: DB, saleId: number, now: string): Promise<boolean> {
  return updateSale(db, saleId, { state: 'refunded', updated_at: now }, ['paid']);
}

/** Price, discount or method changes while the sale is still pending (price set by the professional). */
export function repriceSale(
  db: DB,
  saleId: number,
  changes: { amountMinor: number; discountMinor?: number; method?: SaleRow['method']; now: string },
): Promise<boolean> {
  return updateSale(
    db,
    saleId,
    {
      amount_minor: changes.amountMinor,
      ...(changes.discountMinor !== undefined ? { discount_minor: changes.discountMinor } : {}),
      ...(changes.method ? { method: changes.method } : {}),
      updated_at: changes.now,
    },
    ['pending'],
  );
}
