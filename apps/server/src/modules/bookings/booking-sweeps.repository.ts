import type { DB } from '../../db/database.ts';

/** Held carts whose hold ran out. */
export function listExpiredHolds(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select(['id', 'sale_id as saleId'])
    .where('state', '=', 'held')
    .where('hold_expires_at', '<=', nowIso)
    .limit(limit)
    .execute();
}

/** spec 000 §4: prices the client did not confirm within the window. */
export function listLapsedPriceConfirmations(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select(['id', 'sale_id as saleId', 'professional_id as professionalId'])
    .where('state', '=', 'pending')
    .where('hide_price', '=', 1)
    .where('price_prof_ok', '=', 1)
    .where('price_confirm_deadline', '<=', nowIso)
    .limit(limit)
    .execute();
}

/** Appointments starting within the reminder window that have not been reminded. */
export function listDueReminders(db: DB, nowIso: string, untilIso: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('state', '=', 'confirmed')
    .where('starts_at', '>', nowIso)
    .where('starts_at', '<=', untilIso)
    .where('reminder_sent_at', 'is', null)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
}

/**
 * The claim: a conditional update that only one instance (or one concurrent pass) can win;
 * answers whether this caller won.
 */
export async function claimExpiredHold(db: DB, id: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ state: 'cancelled', cancel_reason: 'expired', cancelled_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'held')
    .where('hold_expires_at', '<=', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function claimLapsedPrice(db: DB, id: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ state: 'cancelled', cancel_reason: 'price-expired', cancelled_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('price_prof_ok', '=', 1)
    .where('price_confirm_deadline', '<=', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function claimReminder(db: DB, id: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ reminder_sent_at: nowIso })
    .where('id', '=', id)
    .where('reminder_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
