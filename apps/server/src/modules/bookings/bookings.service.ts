import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

/** A booking's sale was paid (card webhook, cash, transfer): the appointment is settled. */
export async function onBookingSalePaid(_deps: AppDeps, _db: DB, _bookingId: number): Promise<void> {
  throw new Error('not built yet');
}

/** A booking's sale was refunded by the provider. */
export async function onBookingSaleRefunded(_deps: AppDeps, _db: DB, _bookingId: number): Promise<void> {
  throw new Error('not built yet');
}
