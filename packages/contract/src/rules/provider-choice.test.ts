import { describe, expect, it } from 'vitest';
import { chooseProvider, type ProviderChoiceInput } from './provider-choice.ts';

// spec 002 §4 "Provider choice", one row per sentence of the spec.
const rows: [string, ProviderChoiceInput, ReturnType<typeof chooseProvider>][] = [
  ['international, seller without keys → stripe', { international: true, countryId: 5 }, 'stripe'],
  [
    'international, seller keys not checked → stripe',
    { international: true, countryId: 5, sellerKeys: { checked: false, pasarela: 3 } },
    'stripe',
  ],
  [
    'international, seller with checked keys → paypal',
    { international: true, countryId: 5, sellerKeys: { checked: true, pasarela: 3 } },
    'paypal',
  ],
  ['local Argentina (5) without keys → dlocal', { international: false, countryId: 5 }, 'dlocal'],
  ['local Mexico (42) without keys → dlocal', { international: false, countryId: 42 }, 'dlocal'],
  ['local Chile (81) without keys → dlocal', { international: false, countryId: 81 }, 'dlocal'],
  ['local fallback country (55) without keys → stripe', { international: false, countryId: 55 }, 'stripe'],
  ['local Uruguay (103) without keys → stripe', { international: false, countryId: 103 }, 'stripe'],
  ['local Peru (89) without keys → card disabled', { international: false, countryId: 89 }, null],
  ['local Colombia (82) without keys → card disabled', { international: false, countryId: 82 }, null],
  [
    'local with checked keys, pasarela 3 → mercadoPago',
    { international: false, countryId: 89, sellerKeys: { checked: true, pasarela: 3 } },
    'mercadopago',
  ],
  [
    'local with checked keys, pasarela 4 → paypal',
    { international: false, countryId: 5, sellerKeys: { checked: true, pasarela: 4 } },
    'paypal',
  ],
  [
    'local with checked keys, pasarela 4, a currency PayPal takes (MXN) → paypal',
    { international: false, countryId: 42, currency: 'MXN', sellerKeys: { checked: true, pasarela: 4 } },
    'paypal',
  ],
  [
    'local with checked keys, pasarela 4, a currency PayPal refuses (ARS) → country rules (5 → dlocal)',
    { international: false, countryId: 5, currency: 'ARS', sellerKeys: { checked: true, pasarela: 4 } },
    'dlocal',
  ],
  [
    'local with checked keys, pasarela 4, PayPal refuses PEN → country rules (89 → none)',
    { international: false, countryId: 89, currency: 'PEN', sellerKeys: { checked: true, pasarela: 4 } },
    null,
  ],
  [
    'local with checked keys, pasarela 3 whatever the currency → mercadoPago',
    { international: false, countryId: 5, currency: 'ARS', sellerKeys: { checked: true, pasarela: 3 } },
    'mercadopago',
  ],
  [
    'local with checked keys, other pasarela → country rules (5 → dlocal)',
    { international: false, countryId: 5, sellerKeys: { checked: true, pasarela: 1 } },
    'dlocal',
  ],
  [
    'local with checked keys, other pasarela → country rules (89 → none)',
    { international: false, countryId: 89, sellerKeys: { checked: true, pasarela: 2 } },
    null,
  ],
  [
    'local with unchecked keys, pasarela 3 → country rules',
    { international: false, countryId: 81, sellerKeys: { checked: false, pasarela: 3 } },
    'dlocal',
  ],
];

describe('chooseProvider (spec 002 §4)', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(chooseProvider(input)).toBe(expected);
  });
});
