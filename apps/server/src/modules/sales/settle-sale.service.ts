import type { DB } from '../../db/database.ts';
import type { AppDeps, SaleSettlement } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { approvedPaidMinor, insertRecordedPayment } from './sales.repository.ts';
import { findSale, markSalePaid, markSaleRefunded } from './sales.service.ts';

/**
 * The one place payments (webhooks, cash, transfer) report a paid sale to. Answers 'ignored'
 * when the sale was not pending (idempotent replays change nothing).
 */
export async function settleSalePaid(
  deps: AppDeps,
  db: DB,
  saleId: number,
  paid: {
    method: 'card' | 'cash' | 'transfer' | 'free' | 'manual';
    provider: string | null;
    /** Paid by card into the professional's own gateway account (their keys): see commissionBpFor. */
    ownGateway?: boolean;
  },
): Promise<'settled' | 'slot-lost' | 'ignored'> {
  const now = deps.now().toISOString();
  const sale = await findSale(db, saleId);
  if (!sale) return 'ignored';
  const changed = await markSalePaid(db, saleId, { ...paid, now });
  if (!changed) return 'ignored';
  // One ledger: a sale paid outside a provider (cash, transfer, marked paid) gets a payment for
  // what was still owed, so a sale part paid from the balance ends with payments summing to its price.
  const owed = sale.amount_minor - (await approvedPaidMinor(db, saleId));
  if (owed > 0) {
    await insertRecordedPayment(db, {
      ref: newRef(),
      saleId,
      provider: paid.provider ?? paid.method,
      amountMinor: owed,
      currency: sale.currency,
      now,
    });
  }
  const settlement = deps.settlements[sale.kind];
  return settlement ? settlement.paid(deps, db, sale) : 'settled';
}

/** What the sale's approved payments already cover, so a checkout asks only for the rest. */
export function paidOnSale(db: DB, saleId: number): Promise<number> {
  return approvedPaidMinor(db, saleId);
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

/**
 * A sale without an appointment (a course module) marked paid by hand from the sales table:
 * settled as cash in its own transaction. False when it was no longer pending.
 */
export async function settleSalePaidByHand(deps: AppDeps, saleId: number): Promise<boolean> {
  return deps.db
    .transaction()
    .execute(
      async (tx) =>
        (await settleSalePaid(deps, tx, saleId, { method: 'cash', provider: null })) !== 'ignored',
    );
}

/**
 * The settlement of a slice whose sales point at one of its rows (a booking, a module purchase):
 * what a paid or refunded sale does to that row. A sale that points at none unlocks nothing.
 */
export function rowSettlement(
  column: 'booking_id' | 'module_purchase_id',
  row: {
    paid(deps: AppDeps, db: DB, rowId: number): Promise<'settled' | 'slot-lost'>;
    refunded(deps: AppDeps, db: DB, rowId: number): Promise<void>;
  },
): SaleSettlement {
  return {
    paid: async (deps, db, sale) => {
      const rowId = sale[column];
      return rowId === null ? 'settled' : row.paid(deps, db, rowId);
    },
    refunded: async (deps, db, sale) => {
      const rowId = sale[column];
      if (rowId !== null) await row.refunded(deps, db, rowId);
    },
  };
}
