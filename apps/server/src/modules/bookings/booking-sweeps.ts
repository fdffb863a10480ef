import { reminderHours } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { voidSale } from '../sales/sales.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import {
  claimExpiredHold,
  claimLapsedPrice,
  claimReminder,
  listDueReminders,
  listExpiredHolds,
  listLapsedPriceConfirmations,
} from './booking-sweeps.repository.ts';

/** Rows handled per sweep and pass; the next pass takes the rest. */
const batch = 200;

export interface SweepResult {
  expiredHolds: number;
  voidedPrices: number;
  reminders: number;
}

/**
 * The bookings' timed work, driven from the database so a restart loses nothing and several
 * instances never repeat it: each row is claimed with a conditional update inside its own
 * transaction, and its mail is written to the outbox in that same transaction.
 * - held carts past their hold → cancelled ('expired'), their sale voided;
 * - spec 000 §4: hidden prices not confirmed within 24 h → cancelled ('price-expired'), mailed;
 * - appointments starting within 24 h → one reminder mail each.
 */
export async function runDueBookingWork(deps: AppDeps): Promise<SweepResult> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const result: SweepResult = { expiredHolds: 0, voidedPrices: 0, reminders: 0 };

  for (const hold of await listExpiredHolds(deps.db, nowIso, batch)) {
    await deps.db.transaction().execute(async (tx) => {
      if (!(await claimExpiredHold(tx, hold.id, nowIso))) return;
      if (hold.saleId !== null) await voidSale(tx, hold.saleId, nowIso);
      result.expiredHolds += 1;
    });
  }

  for (const lapsed of await listLapsedPriceConfirmations(deps.db, nowIso, batch)) {
    await deps.db.transaction().execute(async (tx) => {
      if (!(await claimLapsedPrice(tx, lapsed.id, nowIso))) return;
      if (lapsed.saleId !== null) await voidSale(tx, lapsed.saleId, nowIso);
      await sendBookingMail(deps, tx, lapsed.id, 'cancelled');
      await queueBookingSync(deps, tx, { id: lapsed.id, professionalId: lapsed.professionalId }, 'delete');
      result.voidedPrices += 1;
    });
  }

  const until = new Date(now.getTime() + reminderHours * 3_600_000).toISOString();
  for (const due of await listDueReminders(deps.db, nowIso, until, batch)) {
    await deps.db.transaction().execute(async (tx) => {
      if (!(await claimReminder(tx, due.id, nowIso))) return;
      await sendBookingMail(deps, tx, due.id, 'reminder');
      result.reminders += 1;
    });
  }
  return result;
}
