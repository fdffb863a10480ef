import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserPaymentOptions, updateUserPaymentOptions } from './payment-options.service.ts';

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
];
