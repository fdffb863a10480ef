import { isRouteCountry } from '@agendo/contract';
import { handle, requirePermission, type SignedInContext } from '../../rpc.ts';
import {
  findBalances,
  findClientBalances,
  findWallets,
  resolvePair,
  saveAutoPayments,
  saveBalancePayment,
  startBalancePayment,
} from './balances.service.ts';

/**
 * Balances (spec 002 §7), policy participant: either side of a pair, each on its own side only.
 * A client sees their own balances; a professional (or their team) the balances owed to them;
 * balanceOfUser must name someone they deal with, else E90 (404).
 */
function pairOf(ctx: SignedInContext, balanceOfUser: string) {
  // A team member needs the sales permission, as for the sales table (spec 001 §6).
  requirePermission(ctx, 'contactsBilling');
  return resolvePair(ctx.deps, ctx.user, balanceOfUser);
}

export const balancesHandlers = [
  handle('find-balances', 'participant', async (input, ctx) => {
    const pair = await pairOf(ctx, input.balanceOfUser);
    return { balances: await findBalances(ctx.deps, ctx.deps.db, pair) };
  }),
  handle('find-wallets', 'participant', async (input, ctx) => {
    const pair = await pairOf(ctx, input.balanceOfUser);
    return findWallets(ctx.deps, pair, pair.clientId === ctx.user.id ? 'client' : 'professional');
  }),
  handle('save-auto-payments', 'participant', async (input, ctx) => {
    const pair = await pairOf(ctx, input.balanceOfUser);
    return saveAutoPayments(ctx.deps, pair, input.currency);
  }),
  // Only the client pays their own balance by card; the professional side cannot (policy).
  handle('start-balance-payment', 'client', async (input, ctx) => {
    const pair = await pairOf(ctx, input.balanceOfUser);
    // The provider returns the browser under the same /{country}/{lang}/ prefix it left from.
    const country = isRouteCountry(ctx.browserCountry) ? ctx.browserCountry : 'ar';
    return startBalancePayment(
      ctx.deps,
      pair,
      { currency: input.currency, amountMinor: input.amount },
      { country, lang: ctx.lang },
    );
  }),
  handle('find-client-balances', 'client', async (input, ctx) =>
    findClientBalances(ctx.deps, ctx.user.id, input.page ?? 1),
  ),
  // Only the professional records money they received; a client pays through the provider.
  handle('save-balance-payment', 'professional:contactsBilling', async (input, ctx) => {
    const pair = await pairOf(ctx, input.balanceOfUser);
    return {
      balances: await saveBalancePayment(ctx.deps, pair, {
        currency: input.currency,
        amountMinor: input.amount,
        method: input.method,
      }),
    };
  }),
];
