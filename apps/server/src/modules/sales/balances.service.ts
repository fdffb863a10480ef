import {
  type BalanceRow,
  chooseProvider,
  clientBalancesPageSize,
  currencyForCountryId,
  owedOnSale,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps, SaleSettlement } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { payeeBankData } from '../bank-account/bank-account.service.ts';
import { findUserPaymentOptions, sellerKeysForChoice } from '../payment-options/payment-options.service.ts';
import {
  arePaired,
  findSellerForCheckout,
  findUserByRef,
  listBalanceTotals,
  listDebts,
} from './balances.repository.ts';
import { insertRecordedPayment } from './sales.repository.ts';
import { createSale } from './sales.service.ts';
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

/** A debt (always a pending sale) less what was paid toward it: the contract's rule of what is owed. */
function remaining(debt: { amountMinor: number; paidMinor: number | string }): number {
  return owedOnSale({ state: 'pending', amountMinor: debt.amountMinor, paidMinor: Number(debt.paidMinor) });
}

function balanceRow(row: { currency: string; owed: number | string; credit: number | string }): BalanceRow {
  return { saldo: Math.max(0, Number(row.credit)), ammount: Number(row.owed), currency: row.currency };
}

/** spec 002 §3 Balance rows: one per currency with a debt or a credit. */
export async function findBalances(deps: AppDeps, db: DB, pair: BalancePair): Promise<BalanceRow[]> {
  const totals = await listBalanceTotals(db, { ...pair, now: deps.now().toISOString() });
  return totals.map(balanceRow).filter((r) => r.ammount > 0 || r.saldo > 0);
}

/**
 * wallet-account without a professional: a page of the professionals the client owes or holds
 * a credit with, by name, each with their balance rows.
 */
export async function findClientBalances(deps: AppDeps, clientId: number, page: number) {
  const firstRank = (page - 1) * clientBalancesPageSize + 1;
  const lastRank = firstRank + clientBalancesPageSize - 1;
  // One rank beyond the page tells whether another page follows.
  const totals = await listBalanceTotals(deps.db, {
    clientId,
    now: deps.now().toISOString(),
    firstRank,
    lastRank: lastRank + 1,
  });
  const professionals = new Map<number, { ref: string; name: string; balances: BalanceRow[] }>();
  for (const row of totals) {
    if (Number(row.rank) > lastRank) continue;
    let found = professionals.get(row.sellerId);
    if (!found) {
      found = { ref: row.ref, name: `${row.firstName} ${row.lastName}`.trim(), balances: [] };
      professionals.set(row.sellerId, found);
    }
    const balance = balanceRow(row);
    if (balance.ammount > 0 || balance.saldo > 0) found.balances.push(balance);
  }
  return {
    professionals: [...professionals.values()].filter((p) => p.balances.length > 0),
    more: totals.some((row) => Number(row.rank) > lastRank),
  };
}

/**
 * The dialog's pending balances and how the professional takes payments; the client also gets
 * the professional's bank data for the transfer step while transfer is on.
 */
export async function findWallets(deps: AppDeps, pair: BalancePair, viewer: 'client' | 'professional') {
  const debts = await listDebts(deps.db, { ...pair, now: deps.now().toISOString() });
  const options = await findUserPaymentOptions(deps.db, pair.sellerId, {});
  const bank =
    viewer === 'client' && options.payMoney === 1 ? await payeeBankData(deps, pair.sellerId) : null;
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
    bank,
  };
}

/** What the client owes the professional in one currency now. */
async function owedIn(deps: AppDeps, db: DB, pair: BalancePair, currency: string): Promise<number> {
  const debts = await listDebts(db, { ...pair, now: deps.now().toISOString(), currency });
  return debts.reduce((sum, d) => sum + remaining(d), 0);
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

/**
 * The card provider of a balance payment, by the rule of the professional's other checkouts
 * (spec 002 §4 Provider choice, as bookings and modules apply it): the professional's country,
 * international when the debt is not in that country's currency, their own keys when they
 * saved some.
 */
function balanceProvider(
  seller: { countryId: number },
  currency: string,
  sellerKeys: Awaited<ReturnType<typeof sellerKeysForChoice>>,
) {
  return chooseProvider({
    international: currency !== currencyForCountryId(seller.countryId),
    countryId: seller.countryId,
    sellerKeys,
    currency,
  });
}

/**
 * The dialog's card step (start-balance-payment): a 'balance-payment' sale of `amountMinor`
 * from the client to the professional, charged through the provider's hosted checkout. The
 * amount is refused above what is owed now (E3); once approved, balancePaymentSettlement pays
 * the debts with it. Card must be one of the professional's methods and served for the
 * currency (E15).
 */
export async function startBalancePayment(
  deps: AppDeps,
  pair: BalancePair,
  request: { currency: string; amountMinor: number },
  route: { country: string; lang: string },
) {
  const seller = await findSellerForCheckout(deps.db, pair.sellerId);
  if (!seller) throw new ActionError('E90');
  const options = await findUserPaymentOptions(deps.db, pair.sellerId, {});
  const provider =
    options.payCard === 1
      ? balanceProvider(seller, request.currency, await sellerKeysForChoice(deps.db, pair.sellerId))
      : null;
  if (!provider) throw new ActionError('E15');
  if (request.amountMinor > (await owedIn(deps, deps.db, pair, request.currency))) {
    throw new ActionError('E3', 'amount');
  }
  const sale = await createSale(deps.db, {
    kind: 'balance-payment',
    sellerId: pair.sellerId,
    buyerId: pair.clientId,
    contactId: null,
    bookingId: null,
    description: 'Pago de saldo',
    amountMinor: request.amountMinor,
    discountMinor: 0,
    currency: request.currency,
    method: 'card',
    state: 'pending',
    provider: null,
    couponId: null,
    now: deps.now().toISOString(),
  });
  const started = await deps.salePayments.start(deps, {
    saleId: sale.id,
    payerId: pair.clientId,
    amountMinor: request.amountMinor,
    currency: request.currency,
    provider,
    description: `Pago de saldo · ${seller.firstName} ${seller.lastName}`.trim(),
    // spec 000 §2.2 pay-balance/{ref}/{idPay}/{tempBookId}: ref is the professional.
    returnPath: (paymentRef) =>
      `/${route.country}/${route.lang}/pay-balance/${seller.ref}/${paymentRef}/${sale.ref}`,
  });
  return { ...started, saleRef: sale.ref };
}

/**
 * The sales slice's part of settling a balance payment (deps.settlements['balance-payment']),
 * inside the webhook's transaction. The card sale itself carries the commission and the
 * payout; its money becomes the client's credit, and the credit pays the debts of that
 * currency oldest first as save-auto-payments does ('wallet' payments, transfer, never in a
 * payout). Only what is owed now is applied (the professional may have recorded a payment
 * meanwhile); the rest stays credit. The sale settles once, so a replay pays nothing twice.
 */
export const balancePaymentSettlement: SaleSettlement = {
  paid: async (deps, db, sale) => {
    if (sale.buyer_id === null) return 'settled';
    const pair = { sellerId: sale.seller_id, clientId: sale.buyer_id };
    const applied = Math.min(sale.amount_minor, await owedIn(deps, db, pair, sale.currency));
    if (applied > 0) {
      await payDebts(deps, db, pair, sale.currency, applied, { method: 'transfer', provider: 'wallet' });
    }
    return 'settled';
  },
  // No app action refunds a balance payment; one refunded from the provider's dashboard stops
  // making credit, so the credit it already spent on debts brings the client's credit down
  // (the debts it paid stay paid: issue 14 leaves reopening them to the professional).
  refunded: async () => {},
};
