import { describe, expect, it } from 'vitest';
import {
  cartProblem,
  finalModeOf,
  type PaymentOptions,
  type PaymentOptionsInput,
  paymentOptions,
  paymentStepOf,
} from './cart-payment.ts';

const base: PaymentOptionsInput = {
  modalityId: 2,
  payCash: 1,
  payCard: 1,
  createByProf: false,
  provider: 'dlocal',
  currency: 'ARS',
  international: false,
};

// spec 002 §5 "Cart" and §4 "Provider choice".
const optionRows: [string, Partial<PaymentOptionsInput>, PaymentOptions][] = [
  ['in person, cash and card enabled', {}, { cash: true, card: true, transfer: true }],
  ['online excludes cash', { modalityId: 1 }, { cash: false, card: true, transfer: true }],
  ['seller without card', { payCard: 0 }, { cash: true, card: false, transfer: true }],
  [
    'no provider for the country and not USD: no card',
    { provider: null },
    { cash: true, card: false, transfer: true },
  ],
  [
    'no provider but USD: card',
    { provider: null, currency: 'USD' },
    { cash: true, card: true, transfer: true },
  ],
  [
    "the booking's own flags override (not created by the professional)",
    { bookingPayCash: 0, bookingPayCard: 1, payCash: 1 },
    { cash: false, card: true, transfer: true },
  ],
  [
    "created by the professional: the booking's flags do not override",
    { createByProf: true, bookingPayCash: 0, payCash: 1 },
    { cash: true, card: true, transfer: true },
  ],
  [
    'different countries: cash off, card forced on',
    { international: true, currency: 'USD', payCard: 0, provider: 'stripe' },
    { cash: false, card: true, transfer: false },
  ],
];

describe('paymentOptions (spec 002 §5)', () => {
  it.each(optionRows)('%s', (_name, over, expected) => {
    expect(paymentOptions({ ...base, ...over })).toEqual(expected);
  });
});

describe('finalModeOf (spec 002 §4 purchase flow)', () => {
  it.each([
    [{ hidePrice: 1, noPrice: 0, price: 100 }, 'manual'],
    [{ hidePrice: 1, noPrice: 1, price: 0 }, 'manual'],
    [{ hidePrice: 0, noPrice: 1, price: 0 }, 'free'],
    [{ hidePrice: 0, noPrice: 0, price: 0 }, 'free'],
    [{ hidePrice: 0, noPrice: 0, price: 25 }, 'pay'],
  ] as const)('%o → %s', (input, expected) => {
    expect(finalModeOf(input)).toBe(expected);
  });
});

describe('paymentStepOf (spec 002 §4)', () => {
  it.each([
    [{ cash: true, card: true, transfer: false }, 'chooser'],
    [{ cash: false, card: true, transfer: true }, 'chooser'],
    [{ cash: false, card: true, transfer: false }, 'card'],
    [{ cash: true, card: false, transfer: false }, 'cash'],
    [{ cash: false, card: false, transfer: true }, 'transfer'],
    [{ cash: false, card: false, transfer: false }, 'none'],
  ] as const)('%o → %s', (options, expected) => {
    expect(paymentStepOf(options)).toBe(expected);
  });
});

describe('cartProblem (spec 002 §5)', () => {
  it('no cart → expired, logged in or not', () => {
    expect(cartProblem({ hasCart: false, loggedIn: false, cartCountryId: null, userCountryId: null })).toBe(
      'expired',
    );
    expect(cartProblem({ hasCart: false, loggedIn: true, cartCountryId: null, userCountryId: 5 })).toBe(
      'expired',
    );
  });
  it("a cart of another country than the user's → currency change", () => {
    expect(cartProblem({ hasCart: true, loggedIn: true, cartCountryId: 28, userCountryId: 5 })).toBe(
      'currency-changed',
    );
  });
  it('a cart of the same country, or a visitor with a cart → fine', () => {
    expect(cartProblem({ hasCart: true, loggedIn: true, cartCountryId: 5, userCountryId: 5 })).toBeNull();
    expect(
      cartProblem({ hasCart: true, loggedIn: false, cartCountryId: 28, userCountryId: null }),
    ).toBeNull();
  });
});
