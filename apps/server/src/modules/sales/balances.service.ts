import type { BalanceRow } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserPaymentOptions } from '../payment-options/payment-options.service.ts';
import { arePaired, findUserByRef, listCredits, listDebts } from './balances.repository.ts';
import { insertRecordedPayment } from './sales.repository.ts';
import { settleSalePaid } from './settle-sale.service.ts';

/** The caller as the balances see them: a corporate session acts for the professional. */
export interface BalanceCaller {
  id: number;
  userType: number;
  permissions: Readonly<Record<string, boolean>> | null;
}

export interface BalancePair {
  sellerId: number;
  clientId: number;
}

/**
 * balanceOfUser names the other party; it must be one the caller deals with (a professional's
 * contact or client, a client's professional). Strangers, and anyone acting on both sides of
 * the same pair, get the same not-found answer, so refs cannot be probed.
 */
export async function resolvePair(
  deps: AppDeps,
  caller: BalanceCaller,
  balanceOfUser: string,
): Promise<BalancePair> {
  const other = await findUserByRef(deps.db, balanceOfUser);
  if (!other || other.id === caller.id) throw new ActionError('E90');
  const asProfessional = caller.userType === 1 || caller.permissions !== null;
  const pair = asProfessional
    ? { sellerId: caller.id, clientId: other.id }
    : other.userType === 1
      ? { sellerId: other.id, clientId: caller.id }
      : null;
  if (!pair || !(await arePaired(deps.db, pair.sellerId, pair.clientId))) throw new ActionError('E90');
  return pair;
}

function remaining(debt: { amountMinor: number; paidMinor: number | string }): number {
  return Math.max(0, debt.amountMinor - Number(debt.paidMinor));
}

/** spec 002 §3 Balance rows: one per currency with a debt or a credit. */
export async function findBalances(deps: AppDeps, db: DB, pair: BalancePair): Promise<BalanceRow[]> {
  const debts = await listDebts(db, { ...pair, now: deps.now().toISOString() });
  const credits = await listCredits(db, pair.sellerId, pair.clientId);
  const rows = new Map<string, BalanceRow>();
  const row = (currency: string) => {
    let found = rows.get(currency);
    if (!found) {
      found = { saldo: 0, ammount: 0, currency };
      rows.set(currency, found);
    }
    return found;
  };
  for (const debt of debts) row(debt.currency).ammount += remaining(debt);
  for (const [currency, credit] of credits) if (credit > 0) row(currency).saldo = credit;
  return [...rows.values()].filter((r) => r.ammount > 0 || r.saldo > 0);
}

/** The dialog's pending balances and how the professional takes payments. */
export async function findWallets(deps: AppDeps, pair: BalancePair) {
  const debts = await listDebts(deps.db, { ...pair, now: deps.now().toISOString() });
  const options = await findUserPaymentOptions(deps.db, pair.sellerId, {});
  return {
    wallets: debts
      .map((d) => ({
        id: d.ref,
        title: d.description,
        date: d.date,
        currency: d.currency,
        price: d.amountMinor,
        ammount: remaining(d),
      }))
      .filter((w) => w.ammount > 0),
    payCard: options.payCard,
    payCash: options.payCash,
    payMoney: options.payMoney,
  };
}

/**
 * Pays the pair's debts in one currency, oldest first, with `amountMinor`: each covered part is
 * an approved payment on that sale, and a sale covered in full is settled paid (its appointment
 * too). Refuses (E3) more than is owed, so a payment never leaves a credit behind.
 */
async function payDebts(
  deps: AppDeps,
  tx: DB,
  pair: BalancePair,
  currency: string,
  amountMinor: number,
  paid: { method: 'cash' | 'transfer'; provider: string },
): Promise<void> {
  const now = deps.now().toISOString();
  const debts = (await listDebts(tx, { ...pair, now, currency })).filter((d) => remaining(d) > 0);
  const owed = debts.reduce((sum, d) => sum + remaining(d), 0);
  if (amountMinor > owed) throw new ActionError('E3', 'amount');
  let left = amountMinor;
  for (const debt of debts) {
    if (left === 0) break;
    const part = Math.min(left, remaining(debt));
    await insertRecordedPayment(tx, {
      ref: newRef(),
      saleId: debt.id,
      provider: paid.provider,
      amountMinor: part,
      currency,
      now,
    });
    left -= part;
    if (part === remaining(debt)) {
      await settleSalePaid(deps, tx, debt.id, { method: paid.method, provider: paid.provider });
    }
  }
}

/** A cash or transfer payment the professional received toward the client's balance. */
export async function saveBalancePayment(
  deps: AppDeps,
  pair: BalancePair,
  payment: { currency: string; amountMinor: number; method: 'cash' | 'transfer' },
): Promise<BalanceRow[]> {
  return deps.db.transaction().execute(async (tx) => {
    await payDebts(deps, tx, pair, payment.currency, payment.amountMinor, {
      method: payment.method,
      provider: payment.method,
    });
    return findBalances(deps, tx, pair);
  });
}

/**
 * spec 002 §7 save-auto-payments: the credit in that currency pays what it can of the debts
 * (the panel calls it when the credit covers them all, spec 002 §4). Answers what it applied.
 */
export async function saveAutoPayments(
  deps: AppDeps,
  pair: BalancePair,
  currency: string,
): Promise<{ applied: number; balances: BalanceRow[] }> {
  return deps.db.transaction().execute(async (tx) => {
    const before = (await findBalances(deps, tx, pair)).find((r) => r.currency === currency);
    const applied = before ? Math.min(before.saldo, before.ammount) : 0;
    // Credit stays the client's money: a wallet payment is recorded as transfer between the two.
    if (applied > 0)
      await payDebts(deps, tx, pair, currency, applied, { method: 'transfer', provider: 'wallet' });
    return { applied, balances: await findBalances(deps, tx, pair) };
  });
}
