import { describe, expect, it } from 'vitest';
import { daysForMaxRes } from '../constants/catalogue.ts';
import { isPromoActive, localDateOf, type PublicationPricing, priceFor } from './publication-price.ts';

/** An Argentine professional: ARS 20,000 locally, USD 25 abroad. */
const base: PublicationPricing = {
  profCountry: 5,
  profTimeZone: 'America/Argentina/Buenos_Aires',
  profCurrency: 'ARS',
  realPriceLocal: 20000,
  realPriceInter: 25,
  promo: 0,
  promoPriceLocal: null,
  promoPriceInter: null,
  promoStartDate: null,
  promoFinishDate: null,
  praConsulta: 0,
  firstPriceLocal: null,
  firstPriceInter: null,
  hidePrice: 0,
  noPrice: 0,
  free: 0,
};
const promo = {
  ...base,
  promo: 1 as const,
  promoPriceLocal: 15000,
  promoPriceInter: 20,
  promoStartDate: '2026-11-20',
  promoFinishDate: '2026-11-30',
};

describe("spec 000 §4: a promo applies only between its start and finish dates (both included, professional's calendar)", () => {
  it.each([
    ['the day before the start (Buenos Aires)', '2026-11-20T02:59:59Z', false],
    ['00:00 of the start day in Buenos Aires', '2026-11-20T03:00:00Z', true],
    ['in the middle', '2026-11-25T15:00:00Z', true],
    ['23:59 of the finish day in Buenos Aires (already the next day in UTC)', '2026-12-01T02:59:00Z', true],
    ['00:00 of the day after the finish in Buenos Aires', '2026-12-01T03:00:00Z', false],
    ['a month later', '2026-12-30T12:00:00Z', false],
  ])('%s → %s', (_label, now, active) => {
    expect(isPromoActive(promo, new Date(now))).toBe(active);
  });

  it.each([
    ['promo flag off', { ...promo, promo: 0 as const }],
    ['no start date', { ...promo, promoStartDate: null }],
    ['no finish date', { ...promo, promoFinishDate: null }],
  ])('is off with %s', (_label, pub) => {
    expect(isPromoActive(pub, new Date('2026-11-25T12:00:00Z'))).toBe(false);
  });

  it('reads the day in UTC when the zone is unknown', () => {
    expect(localDateOf(new Date('2026-11-25T23:30:00Z'), 'Mars/Olympus')).toBe('2026-11-25');
    expect(localDateOf(new Date('2026-11-25T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-26');
  });
});

describe('priceFor: what a viewer pays', () => {
  const during = new Date('2026-11-25T12:00:00Z');
  const after = new Date('2026-12-05T12:00:00Z');
  const first = { ...base, praConsulta: 1 as const, firstPriceLocal: 12000, firstPriceInter: 15 };

  it.each([
    // label, publication, viewer country, now, first buy, expected
    [
      'local viewer, normal price',
      base,
      5,
      during,
      false,
      { state: 'price', amount: 20000, currency: 'ARS', international: false, applied: 'normal' },
    ],
    [
      'viewer from Chile pays the USD price (spec 000 §9)',
      base,
      81,
      during,
      false,
      { state: 'price', amount: 25, currency: 'USD', international: true, applied: 'normal' },
    ],
    [
      'unknown viewer country sees the local price',
      base,
      null,
      during,
      false,
      { amount: 20000, currency: 'ARS', international: false },
    ],
    [
      'Uruguay 103 and 111 are the same country',
      { ...base, profCountry: 111, profCurrency: 'UYU' },
      103,
      during,
      false,
      { currency: 'UYU', international: false },
    ],
    [
      'live promo replaces the price; the normal one becomes the old price',
      promo,
      5,
      during,
      false,
      { amount: 15000, oldAmount: 20000, applied: 'promo' },
    ],
    [
      'live promo abroad in USD',
      promo,
      42,
      during,
      false,
      { amount: 20, oldAmount: 25, currency: 'USD', applied: 'promo' },
    ],
    ['ended promo: normal price, no old price', promo, 5, after, false, { amount: 20000, applied: 'normal' }],
    [
      'first-consult price on the first buy',
      first,
      5,
      during,
      true,
      { amount: 12000, oldAmount: 20000, applied: 'first' },
    ],
    [
      'first-consult price abroad',
      first,
      55,
      during,
      true,
      { amount: 15, oldAmount: 25, currency: 'USD', applied: 'first' },
    ],
    ['no first-consult price on a later buy', first, 5, during, false, { amount: 20000, applied: 'normal' }],
    [
      'promo and first consult: the lower wins',
      { ...promo, praConsulta: 1 as const, firstPriceLocal: 16000, firstPriceInter: 10 },
      5,
      during,
      true,
      { amount: 15000, oldAmount: 20000, applied: 'promo' },
    ],
    [
      'promo and first consult abroad: the lower wins',
      { ...promo, praConsulta: 1 as const, firstPriceLocal: 16000, firstPriceInter: 10 },
      81,
      during,
      true,
      { amount: 10, oldAmount: 25, applied: 'first' },
    ],
    ['free → GRATIS', { ...base, free: 1 as const }, 5, during, false, { state: 'free', amount: 0 }],
    [
      'noPrice → price still to be set',
      { ...base, noPrice: 1 as const },
      5,
      during,
      false,
      { state: 'noPrice', amount: 0 },
    ],
    [
      'hidePrice → price agreed later',
      { ...base, hidePrice: 1 as const },
      81,
      during,
      false,
      { state: 'hidden', amount: 0, currency: 'USD' },
    ],
  ] as const)('%s', (_label, pub, viewer, now, firstBuy, expected) => {
    const result = priceFor(pub, viewer, now, firstBuy);
    expect(result).toMatchObject(expected);
    if (!('oldAmount' in expected)) expect(result.oldAmount).toBeUndefined();
  });
});

describe('spec 000 §9: maxRes codes map to days', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 90],
    [4, 120],
    [5, 150],
    [6, 180],
    [7, 365],
    [8, 730],
    [9, 7],
    [10, 14],
  ])('%i → %i days', (code, days) => {
    expect(daysForMaxRes(code)).toBe(days);
  });
});
