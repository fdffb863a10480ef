import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserBank, updateUserBank } from './bank-account.service.ts';
import { banksOf } from './banks.ts';

export const bankAccountHandlers = [
  // Always the signed-in professional's own account: the input names no user, so nobody can
  // read or write another's.
  handle('find-user-bank', 'professional', async (_input, ctx) => findUserBank(ctx.deps, ctx.user.id)),
  handle('find-banks-names', 'public', async (input) => ({
    banks: banksOf(input.userCountry).map((b) => ({ id: b.code, name: b.name })),
  })),
  handle('update-user-bank', 'professional', async (input, ctx) => {
    // Where the money goes is the account holder's decision, not a team member's.
    if (ctx.user.actorId !== ctx.user.id) throw new ActionError('E403');
    return updateUserBank(ctx.deps, ctx.user.id, input);
  }),
];
