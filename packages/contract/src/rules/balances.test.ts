import { describe, expect, it } from 'vitest';
import {
  type BalanceMethods,
  type BalanceRow,
  balancePanelAction,
  balanceStepAfterPay,
  formatKeypadAmount,
  keypadConfirmDisabled,
  pressAmountKey,
} from './balances.ts';

function typeKeys(keys: string[], from = ''): string {
  return keys.reduce(pressAmountKey, from);
}

// spec 002 §5 Amount keypad and §9 (limit 7 digits), one row per rule.
describe('amount keypad (spec 002 §5)', () => {
  const rows: [string, string, string[], string][] = [
    ['digits are appended', '', ['1', '2', '3'], '123'],
    ['non-digits are ignored', '12', ['a', '-', '.', ',', ' ', '١'], '12'],
    ['at most 7 digits', '', ['1', '2', '3', '4', '5', '6', '7', '8', '9'], '1234567'],
    ['a leading zero is ignored', '', ['0', '0', '5'], '5'],
    ['a zero after a digit counts', '5', ['0', '0'], '500'],
    ['backspace removes the last digit', '1234', ['Backspace'], '123'],
    ['delete removes the last digit', '1234', ['Delete'], '123'],
    ['backspace on empty stays empty', '', ['Backspace'], ''],
    ['the eraser clears everything', '1234567', ['Eraser'], ''],
  ];
  it.each(rows)('%s', (_label, from, keys, expected) => {
    expect(typeKeys(keys, from)).toBe(expected);
  });

  const formatted: [string, string][] = [
    ['', ''],
    ['5', '5'],
    ['999', '999'],
    ['1000', '1.000'],
    ['123456', '123.456'],
    ['1234567', '1.234.567'],
  ];
  it.each(formatted)('thousands with dots: %s → %s', (digits, shown) => {
    expect(formatKeypadAmount(digits)).toBe(shown);
  });

  it('Confirmar is disabled while empty and enabled with a digit', () => {
    expect(keypadConfirmDisabled('')).toBe(true);
    expect(keypadConfirmDisabled(typeKeys(['0']))).toBe(true);
    expect(keypadConfirmDisabled(typeKeys(['7']))).toBe(false);
  });
});

// spec 002 §4 Balance dialog steps: "more than one method goes to 1; card only to 3; transfer
// only to 5; none to 6; cash only to 7", every combination of the three methods.
describe('balance dialog step after Pagar (spec 002 §4)', () => {
  const rows: [BalanceMethods, number][] = [
    [{ card: true, transfer: true, cash: true }, 1],
    [{ card: true, transfer: true, cash: false }, 1],
    [{ card: true, transfer: false, cash: true }, 1],
    [{ card: false, transfer: true, cash: true }, 1],
    [{ card: true, transfer: false, cash: false }, 3],
    [{ card: false, transfer: true, cash: false }, 5],
    [{ card: false, transfer: false, cash: false }, 6],
    [{ card: false, transfer: false, cash: true }, 7],
  ];
  it.each(rows)('%o → step %i', (methods, step) => {
    expect(balanceStepAfterPay(methods)).toBe(step);
  });
});

// spec 002 §4 Payment methods panel.
describe('payment methods panel rule (spec 002 §4)', () => {
  const rows: [string, BalanceRow[], ReturnType<typeof balancePanelAction>][] = [
    [
      'saldo above zero and above ammount → auto-payment in its currency',
      [{ saldo: 500, ammount: 300, currency: 'ARS' }],
      { kind: 'auto-payment', currency: 'ARS' },
    ],
    [
      'saldo equal to ammount → no auto-payment, a debt exists',
      [{ saldo: 300, ammount: 300, currency: 'ARS' }],
      { kind: 'report', hasDebt: true },
    ],
    [
      'saldo below ammount → a debt exists',
      [{ saldo: 100, ammount: 300, currency: 'ARS' }],
      { kind: 'report', hasDebt: true },
    ],
    [
      'saldo zero and nothing owed → no debt',
      [{ saldo: 0, ammount: 0, currency: 'ARS' }],
      { kind: 'report', hasDebt: false },
    ],
    [
      'only the first row decides the auto-payment',
      [
        { saldo: 0, ammount: 200, currency: 'ARS' },
        { saldo: 900, ammount: 100, currency: 'USD' },
      ],
      { kind: 'report', hasDebt: true },
    ],
    ['no rows → no debt', [], { kind: 'report', hasDebt: false }],
  ];
  it.each(rows)('%s', (_label, balances, expected) => {
    expect(balancePanelAction(balances)).toEqual(expected);
  });
});
