import { handle, requirePermission } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findSellerSale, paidReceipt } from '../sales/sales.service.ts';
import { settleSalePaidByHand } from '../sales/settle-sale.service.ts';
import {
  confirmBookingPrice,
  confirmPrice,
  markPaid,
  markReady,
  updateBookingPrice,
} from './booking-panel.service.ts';
import { announceAtBox } from './turnbox.service.ts';

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
  // spec 000 §4 (the appointment panel, an appointment's ref) and spec 001 §7 (the sales table, a
  // sale's ref): the permission depends on which screen called, so it is checked here.
  handle('mark-pay-booking', 'professional', async (input, ctx) => {
    const sale = await findSellerSale(ctx.deps.db, ctx.user.id, input.ref);
    let saleId: number;
    if (sale) {
      requirePermission(ctx, 'contactsBilling');
      if (sale.bookingRef) saleId = await markPaid(ctx.deps, ctx.user.id, sale.bookingRef);
      else {
        if (sale.state !== 'pending' || sale.amountMinor === 0) throw new ActionError('E26');
        if (!(await settleSalePaidByHand(ctx.deps, sale.id))) throw new ActionError('E26');
        saleId = sale.id;
      }
    } else {
      requirePermission(ctx, 'calendarEdit');
      saleId = await markPaid(ctx.deps, ctx.user.id, input.ref);
    }
    return {
      message: 'La cita cambio al estado de abonada.' as const,
      ...(await paidReceipt(ctx.deps.db, saleId)),
    };
  }),
  // spec 000 §6: adminUserType 3, an active administrator, announces the client.
  handle('call-turnbox', 'admin', async (input, ctx) => {
    if (!(await announceAtBox(ctx.deps, input.ref, input.box))) throw new ActionError('E28');
    return { message: 'Paciente anunciado.' as const };
  }),
];
