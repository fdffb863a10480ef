import { describe, expect, it } from 'vitest';
import {
  effectivePaymentOptions,
  enabledPaymentSwitches,
  type PaymentSwitchesInput,
  paymentOptionDefaults,
} from './payment-options.ts';

describe('payment option defaults (spec 002 §9)', () => {
  it('card on, cash off, transfer on, notify on', () => {
    expect(paymentOptionDefaults).toEqual({ payCard: 1, payCash: 0, payMoney: 1, notifyDebt: 1 });
  });
});

const all = { payCard: true, payCash: true, payMoney: true, notifyDebt: true };
const noCardNoTransfer = { payCard: false, payCash: true, payMoney: false, notifyDebt: true };
const cardOnly = { payCard: true, payCash: false, payMoney: false, notifyDebt: false };

describe('enabled switches (spec 002 §9)', () => {
  it.each<[string, PaymentSwitchesInput, typeof all]>([
    ['Argentina with gateway keys', { countryId: 5, hasGatewayKeys: true }, all],
    [
      'Argentina without keys: card and transfer disabled',
      { countryId: 5, hasGatewayKeys: false },
      noCardNoTransfer,
    ],
    ['Brazil without keys', { countryId: 12, hasGatewayKeys: false }, noCardNoTransfer],
    ['Mexico (42) without keys keeps them', { countryId: 42, hasGatewayKeys: false }, all],
    ['Chile (81) without keys keeps them', { countryId: 81, hasGatewayKeys: false }, all],
    ['US (55) without keys keeps them', { countryId: 55, hasGatewayKeys: false }, all],
    ['Uruguay 103 without keys keeps them', { countryId: 103, hasGatewayKeys: false }, all],
    ['Uruguay 111 without keys does not', { countryId: 111, hasGatewayKeys: false }, noCardNoTransfer],
    [
      'hideDetails with a gateway of another country: card only',
      { countryId: 5, hasGatewayKeys: true, hideDetails: true, gatewayCountryId: 55 },
      cardOnly,
    ],
    [
      'hideDetails with a gateway of the same country',
      { countryId: 5, hasGatewayKeys: true, hideDetails: true, gatewayCountryId: 5 },
      all,
    ],
    [
      'a gateway of another country outside hideDetails changes nothing',
      { countryId: 5, hasGatewayKeys: true, gatewayCountryId: 55 },
      all,
    ],
    [
      "modality '1' turns transfer off",
      { countryId: 42, hasGatewayKeys: false, modality: '1' },
      { ...all, payMoney: false },
    ],
    ['modality 2 keeps transfer', { countryId: 42, hasGatewayKeys: false, modality: 2 }, all],
  ])('%s', (_name, input, expected) => {
    expect(enabledPaymentSwitches(input)).toEqual(expected);
  });
});

describe('effective options', () => {
  it('the defaults where nothing was saved, disabled switches forced off', () => {
    expect(effectivePaymentOptions(null, { countryId: 42, hasGatewayKeys: false })).toEqual(
      paymentOptionDefaults,
    );
    expect(effectivePaymentOptions(null, { countryId: 5, hasGatewayKeys: false })).toEqual({
      payCard: 0,
      payCash: 0,
      payMoney: 0,
      notifyDebt: 1,
    });
    expect(
      effectivePaymentOptions(
        { payCard: 0, payCash: 1, payMoney: 1, notifyDebt: 0 },
        { countryId: 5, hasGatewayKeys: true },
      ),
    ).toEqual({ payCard: 0, payCash: 1, payMoney: 1, notifyDebt: 0 });
  });
});
