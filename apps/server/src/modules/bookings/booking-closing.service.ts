import type { AccountClosingStep } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { cancelBooking } from './booking-cancel.service.ts';
import { listUpcomingBookingRefsOf } from './booking-closing.repository.ts';

/**
 * A closed account's bookings still to come are cancelled through the cancel-booking path, as the
 * account itself would cancel each one: for a professional that brings what her cancellation
 * brings (a paid card appointment refunded in full, the client's mail, the calendar sync); a
 * client's own appointments are cancelled as the client. A refund the provider does not take at
 * once stays owed and the timed work retries it (runDueRefunds), as after any cancellation.
 */
export const bookingsClosing: AccountClosingStep = {
  name: 'upcoming bookings',
  async close(deps, account) {
    const user = { id: account.id, actorId: account.id, permissions: null };
    for (const ref of await listUpcomingBookingRefsOf(deps.db, account.id, deps.now().toISOString())) {
      let refundId: number | null;
      try {
        ({ refundId } = await cancelBooking(deps, user, { ref, reason: 'Cuenta cerrada' }));
      } catch (error) {
        // Cancelled or finished meanwhile (E18, E17): nothing left to do for it.
        if (error instanceof ActionError) continue;
        throw error;
      }
      if (refundId !== null) await deps.refunds.attempt(deps, refundId);
    }
  },
};
