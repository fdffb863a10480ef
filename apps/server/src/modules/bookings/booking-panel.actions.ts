import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  announce,
  confirmBookingPrice,
  confirmPrice,
  markPaid,
  markReady,
  updateBookingPrice,
} from './booking-panel.service.ts';

export const bookingPanelHandlers = [
  handle('update-booking-price', 'professional:calendarEdit', async (input, ctx) => ({
    ...(await updateBookingPrice(ctx.deps, ctx.user.id, input)),
    message: 'Importe Actualizado' as const,
  })),
  handle('confirm-booking-price', 'professional:calendarEdit', async (input, ctx) => ({
    ...(await confirmBookingPrice(ctx.deps, ctx.user.id, input)),
    message: 'Importe Confirmado' as const,
  })),
  handle('confirm-price', 'signed-in', async (input, ctx) => confirmPrice(ctx.deps, ctx.user.id, input)),
  handle('mark-ready', 'professional:calendarEdit', async (input, ctx) => {
    await markReady(ctx.deps, ctx.user.id, input.ref);
    return { state: 'done' as const };
  }),
  handle('mark-pay-booking', 'professional:calendarEdit', async (input, ctx) => {
    await markPaid(ctx.deps, ctx.user.id, input.ref);
    return { message: 'La cita cambio al estado de abonada.' as const };
  }),
  // spec 000 §6: adminUserType 3, an active administrator, announces the client.
  handle('call-turnbox', 'admin', async (input, ctx) => {
    if (!(await announce(ctx.deps, input.ref))) throw new ActionError('E28');
    return { message: 'Paciente anunciado.' as const };
  }),
];
