import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { insertRating, insertRemark, listRatings, listRemarks } from './booking-feedback.repository.ts';
import { type BookingRow, bookingForUser } from './bookings.service.ts';

/** spec 000 §4: rating (canCalificate) once the appointment has started and was not cancelled. */
function canRate(booking: BookingRow, now: Date): boolean {
  return (
    (booking.state === 'confirmed' || booking.state === 'done') &&
    Date.parse(booking.starts_at) <= now.getTime()
  );
}

/** Who wrote a rating or a remark, as both lists show it. */
const authorOf = (r: {
  role: 'client' | 'professional';
  firstName: string;
  lastName: string;
  createdAt: string;
}) => ({
  role: r.role,
  authorName: `${r.firstName} ${r.lastName}`.trim(),
  createdAt: r.createdAt,
});

export const bookingFeedbackHandlers = [
  handle('calificate', 'participant', async (input, ctx) => {
    const { booking, actor } = await bookingForUser(ctx.deps.db, ctx.user, input.ref);
    if (!canRate(booking, ctx.deps.now())) throw new ActionError('E50');
    const written = await insertRating(ctx.deps.db, {
      bookingId: booking.id,
      authorId: ctx.user.actorId,
      role: actor.role,
      stars: input.stars,
      comment: input.comment || null,
      now: ctx.deps.now().toISOString(),
    });
    if (!written) throw new ActionError('E51');
    return {};
  }),

  handle('find-califications', 'participant', async (input, ctx) => {
    const { booking, actor } = await bookingForUser(ctx.deps.db, ctx.user, input.ref);
    const ratings = await listRatings(ctx.deps.db, booking.id);
    return {
      title: booking.title,
      ratings: ratings.map((r) => ({ ...authorOf(r), stars: r.stars, comment: r.comment })),
      canRate: canRate(booking, ctx.deps.now()) && !ratings.some((r) => r.role === actor.role),
    };
  }),

  handle('remark', 'participant', async (input, ctx) => {
    const { booking, actor } = await bookingForUser(ctx.deps.db, ctx.user, input.ref);
    await insertRemark(ctx.deps.db, {
      bookingId: booking.id,
      authorId: ctx.user.actorId,
      role: actor.role,
      text: input.text,
      now: ctx.deps.now().toISOString(),
    });
    return {};
  }),

  handle('find-remarks', 'participant', async (input, ctx) => {
    const { booking } = await bookingForUser(ctx.deps.db, ctx.user, input.ref);
    const remarks = await listRemarks(ctx.deps.db, booking.id);
    return {
      title: booking.title,
      remarks: remarks.map((r) => ({ ...authorOf(r), text: r.text })),
    };
  }),
];
