import { describe, expect, it } from 'vitest';
import {
  commissionBpFor,
  commissionMinor,
  debtCell,
  defaultCommissionBp,
  owedOnSale,
  payCell,
  payoutColumns,
} from './ledger.ts';

describe('commission rule', () => {
  it.each([
    [1, 'card', false, 800],
    [2, 'card', false, 600],
    [3, 'card', false, 400],
    [4, 'card', false, 1000],
    [99, 'card', false, defaultCommissionBp],
    [1, 'cash', false, 0],
    [3, 'transfer', false, 0],
    [4, 'free', false, 0],
    [4, 'manual', false, 0],
    // Card into the professional's own Mercado Pago / PayPal: their money already, like cash.
    [1, 'card', true, 0],
    [4, 'card', true, 0],
  ])('plan %s paying by %s (own gateway %s) → %s bp', (plan, method, ownGateway, bp) => {
    expect(commissionBpFor(plan, method, ownGateway)).toBe(bp);
  });

  it.each([
    [800000, 1000, 80000],
    [12345, 800, 988],
    [5, 1000, 1],
    [0, 1000, 0],
  ])('%s minor at %s bp → %s', (amount, bp, fee) => {
    expect(commissionMinor(amount, bp)).toBe(fee);
  });
});

describe('spec 001 §4 cells', () => {
  it.each([
    [
      { netPrice: 5000, cashoutId: 'P1' },
      { cashedOut: 5000, pending: 0 },
    ],
    [
      { netPrice: 5000, cashoutId: null },
      { cashedOut: 0, pending: 5000 },
    ],
  ])('payout columns of %o', (row, expected) => {
    expect(payoutColumns(row)).toEqual(expected);
  });

  it.each([
    [{ pay: 1, complete: '1' }, 'SI'],
    [{ pay: 1, complete: '2' }, 'SI'],
    [{ pay: 0, complete: '1' }, 'Marcar Paga'],
    [{ pay: 0, complete: '2' }, 'NO'],
    [{ pay: '--', complete: '1' }, '--'],
  ] as const)('pay cell of %o is %s', (row, cell) => {
    expect(payCell(row)).toBe(cell);
  });

  it.each([
    [{ pendingPay: 3000, complete: '1' }, 3000],
    [{ pendingPay: 3000, complete: '2' }, 0],
    [{ pendingPay: 0, complete: '1' }, 0],
  ])('debt of %o is %s', (row, debt) => {
    expect(debtCell(row)).toBe(debt);
  });
});

describe('what is owed on a sale', () => {
  it.each([
    // A pending sale owes its final price less what was already paid toward it.
    ['pending', 1_800_000, 0, 1_800_000],
    ['pending', 1_800_000, 900_000, 900_000],
    ['pending', 1_800_000, 2_000_000, 0],
    // Paid, refunded or voided: nothing is owed, whatever was paid.
    ['paid', 1_800_000, 0, 0],
    ['refunded', 1_800_000, 1_800_000, 0],
    ['void', 1_800_000, 900_000, 0],
  ] as const)('%s sale of %d with %d paid owes %d', (state, amountMinor, paidMinor, owed) => {
    expect(owedOnSale({ state, amountMinor, paidMinor })).toBe(owed);
  });
});
