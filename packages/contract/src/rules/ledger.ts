/**
 * One ledger (issue 14): the platform commission and the payout (cashout) rules, shared by the
 * server that freezes and releases the money and the web table that shows it.
 */

/**
 * Platform commission in basis points (1/100 of a percent) by the seller's plan (spec 002 §9:
 * plans 1–3 are the paid tiers, 4 the free or trial plan). Our rule, documented here: the
 * better the plan, the lower the commission; a plan we do not know pays the default.
 */
export const commissionBpByPlan: Readonly<Record<number, number>> = { 1: 800, 2: 600, 3: 400, 4: 1000 };
export const defaultCommissionBp = 1000;

/**
 * The commission is taken only where the platform collected the money (a card payment into the
 * platform's provider account); cash, transfer, free and manual sales are the professional's own
 * money and carry 0. So does a card payment into the professional's own gateway account (their
 * own Mercado Pago or PayPal keys, `ownGateway`): the money never passed through the platform,
 * there is no payout to deduct it from, and it never enters one.
 */
export function commissionBpFor(plan: number, method: string, ownGateway = false): number {
  if (method !== 'card' || ownGateway) return 0;
  return commissionBpByPlan[plan] ?? defaultCommissionBp;
}

/** Commission in minor units of a final amount, rounded half up to the unit. */
export function commissionMinor(amountMinor: number, bp: number): number {
  return Math.round((amountMinor * bp) / 10_000);
}

/**
 * A paid card sale is released to the professional this many days after it was paid (a chargeback
 * or a refund within that window comes out of the platform's hands, not a payout already made).
 */
export const payoutHoldingDays = 14;

/**
 * Cashout columns of spec 001 §4 Payout: with a cashout the net is paid out, else it is pending.
 * A sale whose money is owed back (issue 34) has nothing to release.
 */
export function payoutColumns(row: { netPrice: number; cashoutId: string | null; refunding?: boolean }): {
  cashedOut: number;
  pending: number;
} {
  if (row.cashoutId) return { cashedOut: row.netPrice, pending: 0 };
  return { cashedOut: 0, pending: row.refunding ? 0 : row.netPrice };
}

/** spec 001 §4 Sale payment: the confirmation cell. */
export function payCell(row: { pay: 0 | 1 | '--'; complete: string }): 'SI' | 'NO' | 'Marcar Paga' | '--' {
  if (row.pay === 1) return 'SI';
  if (row.pay === '--') return '--';
  return row.complete === '2' ? 'NO' : 'Marcar Paga';
}

/** spec 001 §4: the debt column shows 0 when complete is '2'. */
export function debtCell(row: { pendingPay: number; complete: string }): number {
  return row.complete === '2' ? 0 : row.pendingPay;
}

/** A sale's state on the server (apps/server db/tables/bookings.ts SalesTable). */
export type SaleState = 'pending' | 'paid' | 'refunded' | 'void';

/**
 * What is still owed on a sale (issue 34 "the same debt, two amounts"), the one rule both sides
 * read: the professional's debt column and the client's balance. `amountMinor` is the final price
 * (the discount already taken off); the approved payments already made toward it (a part paid
 * from the balance, a first card payment) come off it; never below zero. A sale that is paid,
 * refunded or voided owes nothing. The client's balance totals add this up in SQL
 * (apps/server sales/balances.repository.ts owedOnSale) and must say the same.
 */
export function owedOnSale(sale: { state: SaleState; amountMinor: number; paidMinor: number }): number {
  if (sale.state !== 'pending') return 0;
  return Math.max(0, sale.amountMinor - sale.paidMinor);
}

/**
 * What the sales table's 'Estado' says of a sale (issue 34): owed, paid, free, cancelled unpaid,
 * or, once its card payment is owed back, the refund's own state.
 */
export type SaleShownState =
  | 'unpaid'
  | 'paid'
  | 'free'
  | 'void'
  | 'refund-pending'
  | 'refunded'
  | 'refund-flagged';

export const saleShownStates: readonly SaleShownState[] = [
  'unpaid',
  'paid',
  'free',
  'void',
  'refund-pending',
  'refunded',
  'refund-flagged',
];

export function saleShownState(row: {
  state: SaleState;
  refundState: 'pending' | 'done' | 'flagged' | null;
  netPrice: number;
}): SaleShownState {
  if (row.state === 'refunded' || row.refundState === 'done') return 'refunded';
  if (row.refundState === 'pending') return 'refund-pending';
  if (row.refundState === 'flagged') return 'refund-flagged';
  if (row.state === 'void') return 'void';
  if (row.netPrice === 0) return 'free';
  return row.state === 'paid' ? 'paid' : 'unpaid';
}

/** Whether a sale's money is owed back or was: no commission, nothing to release. */
export function saleRefunding(row: { state: SaleState; refundState: string | null }): boolean {
  return row.state === 'refunded' || row.refundState !== null;
}
