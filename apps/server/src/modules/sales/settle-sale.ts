import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { findSale, markSalePaid, markSaleRefunded, type SaleRow } from './sales.service.ts';

/**
 * What a settled sale unlocks belongs to the slice that sold it (a booking confirms its slot, a
 * module opens its lessons). Each slice hands its settlement to app.ts, which puts them in
 * `deps.settlements`: the sales slice calls them without importing the slices above it.
 * Both run inside the caller's transaction. 'slot-lost': a booking paid after its hold lost
 * the slot (the caller refunds).
 */
export interface SaleSettlement {
  paid(deps: AppDeps, db: DB, sale: SaleRow): Promise<'settled' | 'slot-lost'>;
  refunded(deps: AppDeps, db: DB, sale: SaleRow): Promise<void>;
}
export type SaleSettlements = Partial<Record<SaleRow['kind'], SaleSettlement>>;

/**
 * The one place payments (webhooks, cash, transfer) report a paid sale to. Answers 'ignored'
 * when the sale was not pending (idempotent replays change nothing).
 */
export async function settleSalePaid(
  deps: AppDeps,
  db: DB,
  saleId: number,
  paid: { method: 'card' | 'cash' | 'transfer' | 'free' | 'manual'; provider: string | null },
): Promise<'settled' | 'slot-lost' | 'ignored'> {
  const now = deps.now().toISOString();
  const sale = await findSale(db, saleId);
  if (!sale) return 'ignored';
  const changed = await markSalePaid(db, saleId, { ...paid, now });
  if (!changed) return 'ignored';
  const settlement = deps.settlements[sale.kind];
  return settlement ? settlement.paid(deps, db, sale) : 'settled';
}

export async function settleSaleRefunded(deps: AppDeps, db: DB, saleId: number): Promise<boolean> {
  const now = deps.now().toISOString();
  const sale = await findSale(db, saleId);
  if (!sale) return false;
  const changed = await markSaleRefunded(db, saleId, now);
  if (!changed) return false;
  await deps.settlements[sale.kind]?.refunded(deps, db, sale);
  return true;
}
