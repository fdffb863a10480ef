import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { onBookingSalePaid, onBookingSaleRefunded } from '../bookings/bookings.service.ts';
import { onModuleSalePaid, onModuleSaleRefunded } from '../courses/course-purchase.service.ts';
import { findSale, markSalePaid, markSaleRefunded } from './sales.service.ts';

/**
 * What a paid sale unlocks, by kind: the one place payments (webhooks, cash, transfer) report a
 * settled sale to. Plans and balances add their kind here. Runs inside the caller's
 * transaction. Answers 'ignored' when the sale was not pending (idempotent replays change
 * nothing) and 'slot-lost' when a booking paid after its hold lost the slot (the caller refunds).
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
  if (sale.kind === 'booking' && sale.booking_id !== null)
    return onBookingSalePaid(deps, db, sale.booking_id);
  if (sale.kind === 'module' && sale.module_purchase_id !== null)
    return onModuleSalePaid(deps, db, sale.module_purchase_id);
  return 'settled';
}

export async function settleSaleRefunded(deps: AppDeps, db: DB, saleId: number): Promise<boolean> {
  const now = deps.now().toISOString();
  const sale = await findSale(db, saleId);
  if (!sale) return false;
  const changed = await markSaleRefunded(db, saleId, now);
  if (!changed) return false;
  if (sale.kind === 'booking' && sale.booking_id !== null)
    await onBookingSaleRefunded(deps, db, sale.booking_id);
  if (sale.kind === 'module' && sale.module_purchase_id !== null)
    await onModuleSaleRefunded(deps, db, sale.module_purchase_id);
  return true;
}
