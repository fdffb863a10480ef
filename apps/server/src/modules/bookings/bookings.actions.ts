import { handle } from '../../rpc.ts';
import { cancelBooking } from './booking-cancel.service.ts';
import { tempBookingView } from './booking-checkout.service.ts';
import { finalizeBooking } from './booking-finalize.service.ts';
import { applyCouponToHold, createTempBooking, liveHeldBooking, ownBooking } from './booking-hold.service.ts';
import { rescheduleBooking } from './booking-reschedule.service.ts';

export const bookingsHandlers = [
  // Any signed-in account may book (a professional too, as somebody else's client).
  handle('save-temp-booking', 'signed-in', async (input, ctx) => ({
    booking: await createTempBooking(ctx.deps, ctx.user.id, input),
  })),

  handle('find-temp-booking', 'signed-in', async (input, ctx) => {
    const booking = await ownBooking(ctx.deps.db, ctx.user.id, input.ref);
    // A hold whose time ran out answers the spec's expiry message; finalised ones stay readable.
    if (booking.state === 'held') await liveHeldBooking(ctx.deps, ctx.user.id, input.ref);
    if (booking.state === 'cancelled' && booking.cancel_reason === 'expired') {
      await liveHeldBooking(ctx.deps, ctx.user.id, input.ref);
    }
    return { booking: await tempBookingView(ctx.deps.db, booking, input.userTime) };
  }),

  handle('apply-coupon', 'signed-in', async (input, ctx) => ({
    booking: await applyCouponToHold(ctx.deps, ctx.user.id, input),
  })),

  handle('save-booking', 'signed-in', async (input, ctx) => finalizeBooking(ctx.deps, ctx.user.id, input)),

  handle('reschedule-booking', 'participant', async (input, ctx) => {
    const booking = await rescheduleBooking(ctx.deps, ctx.user, input);
    return { ref: booking.ref, startsAt: booking.starts_at };
  }),

  handle('cancel-booking', 'participant', async (input, ctx) => {
    const { booking, refundId } = await cancelBooking(ctx.deps, ctx.user, input);
    // A paid card appointment is refunded through its provider once the cancellation committed;
    // a failed attempt stays owed and the timed work retries it (runDueRefunds).
    const refunded = refundId !== null && (await ctx.deps.refunds.attempt(ctx.deps, refundId)) === 'done';
    return { ref: booking.ref, refunded };
  }),
];
