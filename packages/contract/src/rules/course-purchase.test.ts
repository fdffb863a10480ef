import { describe, expect, it } from 'vitest';
import {
  type ModuleCheckoutInput,
  type ModuleCheckoutStep,
  moduleCheckoutStep,
  moduleResultRoute,
} from './course-purchase.ts';

const base: ModuleCheckoutInput = {
  signedIn: true,
  hidePrice: 0,
  noPrice: 0,
  price: 15000,
  payCash: 1,
  payCard: 1,
  provider: 'dlocal',
  currency: 'ARS',
  international: false,
};

// spec 002 §4 "Purchase flow" (steps) with §5 "Cart" (card needs a provider or USD).
const steps: [string, Partial<ModuleCheckoutInput>, ModuleCheckoutStep][] = [
  ['not signed in: login, the cart is kept', { signedIn: false }, 'login'],
  ['hidePrice: finalised directly', { hidePrice: 1 }, 'manual'],
  ['noPrice: finalised directly', { noPrice: 1 }, 'manual'],
  ['price 0: free finalisation', { price: 0 }, 'free'],
  ['cash and card: the chooser', {}, 'chooser'],
  ['cash only: transfer', { payCard: 0 }, 'transfer'],
  ['card only: the provider page', { payCash: 0 }, 'card'],
  ['card enabled but no provider for the country: transfer', { provider: null }, 'transfer'],
  ['no provider and no cash: nothing to pay with', { provider: null, payCash: 0 }, 'none'],
  [
    'USD without a local provider still pays by card',
    { provider: null, payCash: 0, currency: 'USD' },
    'card',
  ],
  [
    'buyer from another country: card only',
    { international: true, provider: 'stripe', currency: 'USD' },
    'card',
  ],
  [
    'buyer from another country, seller without card: still card (forced on)',
    { international: true, payCard: 0, provider: 'stripe', currency: 'USD' },
    'card',
  ],
  ['login comes before the price rules', { signedIn: false, price: 0 }, 'login'],
];

describe('moduleCheckoutStep', () => {
  it.each(steps)('%s', (_name, change, expected) => {
    expect(moduleCheckoutStep({ ...base, ...change })).toBe(expected);
  });
});

// spec 002 §4: the result table of save-sales-modules, row by row.
const routes: [string, Parameters<typeof moduleResultRoute>[0], string][] = [
  ['hidePrice', { hidePrice: 1, noPrice: 0, price: 0, mode: 'manual' }, 'manual-success'],
  ['noPrice', { hidePrice: 0, noPrice: 1, price: 0, mode: 'manual' }, 'free-success'],
  [
    'cash/transfer with price 0',
    { hidePrice: 0, noPrice: 0, price: 0, mode: 'transfer' },
    'free-success-course',
  ],
  [
    'cash/transfer',
    { hidePrice: 0, noPrice: 0, price: 100, mode: 'transfer' },
    'transfer-success-course-module',
  ],
  ['card', { hidePrice: 0, noPrice: 0, price: 100, mode: 'card' }, 'card-success-course'],
];

describe('moduleResultRoute', () => {
  it.each(routes)('%s', (_name, input, expected) => {
    expect(moduleResultRoute(input)).toBe(expected);
  });
});
