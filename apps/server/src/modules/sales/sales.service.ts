import { commissionBpFor, commissionMinor } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import { findOwnSale } from './billing.repository.ts';
import {
  approvedPaymentRef,
  findSaleById,
  insertSale,
  type NewSale,
  type SaleRow,
  sellerPlanOf,
  updateSale,
} from './sales.repository.ts';

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
 * Marks a pending sale paid and freezes the platform commission of the seller's plan on it (a
 * later change of plan or of the rule never rewrites a paid sale). Answers false when it was not
 * pending (already paid, void or refunded): callers use that to stay idempotent (a webhook
 * retried, a double click).
 */
export async function markSalePaid(
  db: DB,
  saleId: number,
  paid: { method: SaleRow['method']; provider: string | null; now: string; ownGateway?: boolean },
): Promise<boolean> {
  const sale = await findSaleById(db, saleId);
  if (sale?.state !== 'pending') return false;
  const ownGateway = paid.ownGateway === true;
  const bp = commissionBpFor(await sellerPlanOf(db, sale.seller_id), paid.method, ownGateway);
  return updateSale(
    db,
    saleId,
    {
      state: 'paid',
      method: paid.method,
      provider: paid.provider,
      paid_at: paid.now,
      updated_at: paid.now,
      commission_bp: bp,
      commission_minor: commissionMinor(sale.amount_minor, bp),
      own_gateway: ownGateway ? 1 : 0,
    },
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

/** A sale of this seller by its ref, with its appointment's ref when it is one. */
export function findSellerSale(db: DB, sellerId: number, ref: string) {
  return findOwnSale(db, sellerId, ref);
}

/** What the sales table shows once a sale is paid (spec 001 §7 mark-pay-booking: date, payId). */
export async function paidReceipt(
  db: DB,
  saleId: number,
): Promise<{ date: string | null; payId: string | null }> {
  const sale = await findSaleById(db, saleId);
  return { date: sale?.paid_at ?? null, payId: await approvedPaymentRef(db, saleId) };
}
