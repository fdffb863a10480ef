/**
 * Balances (issue 14; spec 002 §3 Balance rows, §4 Balance dialog steps and Payment methods
 * panel, §5 Amount keypad, §9 keypad limit): rules shared by the server and the balance dialog.
 */

/** spec 002 §9: the amount keypad takes at most this many digits. */
export const amountKeypadMaxDigits = 7;

/** A key of the amount keypad: a digit, backspace/delete (last digit) or the eraser (all). */
export type KeypadKey = string;

/**
 * spec 002 §5 Amount keypad: the typed digits after one key. Digits only, at most 7, a leading
 * zero is ignored; backspace/delete removes the last digit and the eraser clears everything.
 * Any other key leaves the amount as it was.
 */
export function pressAmountKey(digits: string, key: KeypadKey): string {
  if (key === 'Backspace' || key === 'Delete') return digits.slice(0, -1);
  if (key === 'Eraser') return '';
  if (!/^[0-9]$/.test(key)) return digits;
  if (digits === '' && key === '0') return digits;
  if (digits.length >= amountKeypadMaxDigits) return digits;
  return digits + key;
}

/** spec 002 §5: thousands shown with dots ('1234567' → '1.234.567'); empty stays empty. */
export function formatKeypadAmount(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** spec 002 §5: Confirmar is disabled while the amount is empty. */
export function keypadConfirmDisabled(digits: string): boolean {
  return digits === '';
}

/** spec 002 §4 Balance dialog steps (4 is not a step of the table). */
export type BalanceDialogStep = 0 | 1 | 2 | 3 | 5 | 6 | 7;

/** The seller's payment methods as the dialog sees them (spec 002 §3 Booking: payCard, payCash; transfer). */
export interface BalanceMethods {
  card: boolean;
  transfer: boolean;
  cash: boolean;
}

/**
 * spec 002 §4 step selection after Pagar: more than one method goes to 1; card only to 3;
 * transfer only to 5; none to 6; cash only to 7.
 */
export function balanceStepAfterPay(methods: BalanceMethods): BalanceDialogStep {
  const count = [methods.card, methods.transfer, methods.cash].filter(Boolean).length;
  if (count > 1) return 1;
  if (methods.card) return 3;
  if (methods.transfer) return 5;
  if (methods.cash) return 7;
  return 6;
}

/** spec 002 §3 Balance rows. saldo: the client's credit with the seller; ammount: the debt. */
export interface BalanceRow {
  saldo: number;
  ammount: number;
  currency: string;
}

/**
 * spec 002 §4 Payment methods panel: the first balance row with saldo above zero and above
 * ammount triggers an auto-payment save (then balances and wallets reload); otherwise the
 * parent is told whether a debt exists.
 */
export function balancePanelAction(
  rows: readonly BalanceRow[],
): { kind: 'auto-payment'; currency: string } | { kind: 'report'; hasDebt: boolean } {
  const first = rows[0];
  if (first && first.saldo > 0 && first.saldo > first.ammount) {
    return { kind: 'auto-payment', currency: first.currency };
  }
  return { kind: 'report', hasDebt: rows.some((r) => r.ammount > 0) };
}

/** How many professionals find-client-balances answers per page (wallet-account's list). */
export const clientBalancesPageSize = 50;
