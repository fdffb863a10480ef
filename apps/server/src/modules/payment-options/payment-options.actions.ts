import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  findSellerGatewayView,
  findUserPaymentOptions,
  saveSellerGatewayKeys,
  updateUserPaymentOptions,
} from './payment-options.service.ts';

export const paymentOptionsHandlers = [
  // Always the signed-in professional's own options: the input names no user.
  handle('find-user-payment-options', 'professional', async (input, ctx) =>
    findUserPaymentOptions(ctx.deps.db, ctx.user.id, input),
  ),
  handle('update-user-payment-options', 'professional', async (input, ctx) => {
    // How clients pay the account is the account holder's decision, not a team member's.
    if (ctx.user.actorId !== ctx.user.id) throw new ActionError('E403');
    const options = await updateUserPaymentOptions(
      ctx.deps.db,
      ctx.user.id,
      input,
      ctx.deps.now().toISOString(),
    );
    return { ...options, message: 'Metodos de pagos actualizados para el usuario.' as const };
  }),
  handle('find-local-payments', 'professional', async (_input, ctx) =>
    findSellerGatewayView(ctx.deps.db, ctx.deps.config.keyRing, ctx.user.id, 3),
  ),
  handle('find-global-payments', 'professional', async (_input, ctx) =>
    findSellerGatewayView(ctx.deps.db, ctx.deps.config.keyRing, ctx.user.id, 4),
  ),
  // Keys that move the account's money: the holder's decision, not a team member's.
  handle('update-local-payments', 'professional', async (input, ctx) => {
    if (ctx.user.actorId !== ctx.user.id) throw new ActionError('E403');
    const now = ctx.deps.now().toISOString();
    return saveSellerGatewayKeys(ctx.deps.db, ctx.deps.config.keyRing, ctx.user.id, 3, input, now);
  }),
  handle('update-global-payments', 'professional', async (input, ctx) => {
    if (ctx.user.actorId !== ctx.user.id) throw new ActionError('E403');
    const now = ctx.deps.now().toISOString();
    return saveSellerGatewayKeys(ctx.deps.db, ctx.deps.config.keyRing, ctx.user.id, 4, input, now);
  }),
];
