import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { voidSale } from '../sales/sales.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import { type BookingRow, findBookingById, updateBooking } from './bookings.repository.ts';
import { assertBeforeStart, bookingForUser } from './bookings.service.ts';

/**
 * cancel-booking: the client before the start; the professional (calendarCancel, checked by the
 * action) until it is done. An unpaid sale is voided; a paid one is left for the caller to refund.
 */
export async function cancelBooking(
  deps: AppDeps,
  user: { id: number; actorId: number; permissions: Readonly<Record<string, boolean>> | null },
  input: { ref: string; reason?: string | undefined },
): Promise<{ booking: BookingRow; refundId: number | null }> {
  const { booking, actor } = await bookingForUser(deps.db, user, input.ref, 'calendarCancel');
  if (booking.state === 'cancelled') throw new ActionError('E18');
  if (booking.state === 'done') throw new ActionError('E17');
  if (actor.role === 'client') assertBeforeStart(deps, booking, 'E17');
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const changed = await updateBooking(
      tx,
      booking.id,
      {
        state: 'cancelled',
        cancelled_at: nowIso,
        cancelled_by: user.actorId,
        cancel_reason: input.reason?.trim() ? `${actor.role}: ${input.reason.trim()}` : actor.role,
        updated_at: nowIso,
      },
      ['pending', 'confirmed'],
    );
    if (!changed) throw new ActionError('E18');
    let refundId: number | null = null;
    if (booking.sale_id !== null) {
      const voided = await voidSale(tx, booking.sale_id, nowIso);
      // A card payment is owed back: recorded with the cancellation, paid back after it commits.
      if (!voided && booking.pay === 1 && booking.pay_method === 'card') {
        refundId = await deps.refunds.oweForSale(deps, tx, booking.sale_id);
      }
    }
    await sendBookingMail(deps, tx, booking.id, 'cancelled');
    await queueBookingSync(deps, tx, { id: booking.id, professionalId: booking.professional_id }, 'delete');
    const row = await findBookingById(tx, booking.id);
    if (!row) throw new ActionError('E14');
    return { booking: row, refundId };
  });
}
