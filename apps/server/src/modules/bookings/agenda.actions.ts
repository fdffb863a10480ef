import { handle } from '../../rpc.ts';
import {
  bookingQr,
  createByProfessional,
  deleteRecurrent,
  findBooking,
  findBookings,
  findNextSessions,
} from './agenda.service.ts';

export const agendaHandlers = [
  // Either side reads its own appointments; the service checks which side the caller is on.
  handle('find-bookings', 'participant', async (input, ctx) => findBookings(ctx.deps, ctx.user, input)),
  handle('find-booking', 'participant', async (input, ctx) => findBooking(ctx.deps, ctx.user, input)),
  handle('find-next-sessions', 'participant', async (input, ctx) =>
    findNextSessions(ctx.deps, ctx.user, input),
  ),
  handle('save-booking-by-prof', 'professional:calendarEdit', async (input, ctx) =>
    createByProfessional(ctx.deps, ctx.user.id, input),
  ),
  handle('delete-recurrent', 'professional:calendarEdit', async (input, ctx) => ({
    ...(await deleteRecurrent(ctx.deps, ctx.user.id, input)),
    message: 'Las citas recurrentes fueron eliminadas.' as const,
  })),
  handle('generete-booking-qr', 'participant', async (input, ctx) =>
    bookingQr(ctx.deps, ctx.user, input.ref),
  ),
];
