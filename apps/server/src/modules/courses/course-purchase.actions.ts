import { handle } from '../../rpc.ts';
import {
  createTempSale,
  finalizeModuleSale,
  findModuleCart,
  startModulePayment,
} from './course-purchase.service.ts';
import { routeOf, viewerOf } from './learning.actions.ts';

export const coursePurchaseHandlers = [
  // Visitors see the cart too: its step is 'login' until they sign in (spec 002 §4).
  handle('find-module-cart', 'public', async (input, ctx) => ({
    cart: await findModuleCart(ctx.deps, input.moduleId, await viewerOf(ctx)),
  })),
  // Any signed-in account may buy (a professional too, as somebody else's student).
  handle('save-temp-sales-modules', 'signed-in', async (input, ctx) =>
    createTempSale(ctx.deps, ctx.user.id, input.moduleId),
  ),
  handle('save-sales-modules', 'signed-in', async (input, ctx) =>
    finalizeModuleSale(ctx.deps, ctx.user.id, input),
  ),
  handle('start-module-payment', 'signed-in', async (input, ctx) =>
    startModulePayment(ctx.deps, ctx.user.id, input.tempBook, routeOf(ctx)),
  ),
];
