import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

export type BookingMailKind =
  | 'booked'
  | 'rescheduled'
  | 'cancelled'
  | 'price-to-confirm'
  | 'price-changed'
  | 'reminder';

/**
 * Mails both parties (where they have an address) about one appointment, in Spanish, with
 * both local times and an .ics attachment. Pass the transaction so the outbox row commits with
 * the change it reports.
 */
export async function sendBookingMail(
  _deps: AppDeps,
  _db: DB,
  _bookingId: number,
  _kind: BookingMailKind,
): Promise<void> {}
