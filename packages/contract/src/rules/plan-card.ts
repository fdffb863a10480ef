/**
 * The plan's card form (spec 002 §2 Card forms, the sandbox's own form; issue 34): what the form
 * checks before anything is sent, all fields at once, and what the server checks again before the
 * card reaches the provider. Zod-free, so the web form and the server share it as it is. Codes
 * are those of create-imitation-card-token's catalogue.
 */

export interface PlanCardValues {
  cardNumber: string;
  expiry: string;
  securityCode: string;
  holder: string;
}

export type PlanCardCheck =
  | { ok: true; values: PlanCardValues }
  | { ok: false; errors: Partial<Record<keyof PlanCardValues, string>> };

/** The Luhn (mod 10) check digit every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card is good through the last day of its expiry month ('MM/AA'). A day's margin past the
 * month's end in UTC keeps it good wherever the cardholder is, and the same on server and browser.
 */
export function cardExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  if (!mm || yy === undefined || Number.isNaN(yy)) return true;
  const goodUntil = Date.UTC(2000 + yy, mm, 1) + 86_400_000;
  return now.getTime() >= goodUntil;
}

/**
 * E1 no number (13–19 digits, spaces allowed), E5 a number that fails its check digit, E2 an
 * expiry that is not MM/AA, E6 a past expiry, E3 a security code that is not 3 or 4 digits, E4 no
 * cardholder's name.
 */
export function checkPlanCard(input: PlanCardValues, now: Date): PlanCardCheck {
  const errors: Partial<Record<keyof PlanCardValues, string>> = {};
  const digits = input.cardNumber.replace(/ /g, '');
  if (!/^[\d ]+$/.test(input.cardNumber) || !/^\d{13,19}$/.test(digits)) errors.cardNumber = 'E1';
  else if (!luhnValid(digits)) errors.cardNumber = 'E5';
  const expiry = input.expiry.trim();
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) errors.expiry = 'E2';
  else if (cardExpired(expiry, now)) errors.expiry = 'E6';
  const securityCode = input.securityCode.trim();
  if (!/^\d{3,4}$/.test(securityCode)) errors.securityCode = 'E3';
  const holder = input.holder.trim();
  if (holder.length < 2 || holder.length > 100) errors.holder = 'E4';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: { cardNumber: input.cardNumber.trim(), expiry, securityCode, holder } };
}
