/** spec 002 §3 "Payment options per user": each flag 1 on, 0 off. */
export interface UserPaymentOptions {
  payCard: 0 | 1;
  payCash: 0 | 1;
  payMoney: 0 | 1;
  notifyDebt: 0 | 1;
}

/** spec 002 §9: card on, cash off, transfer on, notify on. */
export const paymentOptionDefaults: UserPaymentOptions = {
  payCard: 1,
  payCash: 0,
  payMoney: 1,
  notifyDebt: 1,
};

/** spec 002 §9: where card and transfer stay enabled without the professional's gateway keys. */
export const countriesWithoutGatewayKeys: readonly number[] = [42, 81, 55, 103];

export interface PaymentSwitchesInput {
  countryId: number;
  /** The professional connected their own local payment gateway (my-charges). */
  hasGatewayKeys: boolean;
  /** The embedded panel (hideDetails) … */
  hideDetails?: boolean;
  /** … and the country of the gateway that would take the card payment. */
  gatewayCountryId?: number | null;
  /** The booking modality the panel is shown for; '1' (online) turns transfer off. */
  modality?: string | number | null;
}

export type PaymentSwitch = 'payCard' | 'payCash' | 'payMoney' | 'notifyDebt';

/**
 * spec 002 §9: which of the four switches may be turned on. With no gateway keys, card and
 * transfer (the one the info box about my-charges names) are disabled, except for countries
 * 42, 81, 55 and 103; in hideDetails mode with a gateway of another country, only card; modality
 * '1' turns transfer off.
 */
export function enabledPaymentSwitches(input: PaymentSwitchesInput): Record<PaymentSwitch, boolean> {
  const enabled = { payCard: true, payCash: true, payMoney: true, notifyDebt: true };
  if (!input.hasGatewayKeys && !countriesWithoutGatewayKeys.includes(input.countryId)) {
    enabled.payCard = false;
    enabled.payMoney = false;
  }
  if (
    input.hideDetails &&
    input.gatewayCountryId !== undefined &&
    input.gatewayCountryId !== null &&
    input.gatewayCountryId !== input.countryId
  ) {
    return { payCard: true, payCash: false, payMoney: false, notifyDebt: false };
  }
  if (String(input.modality ?? '') === '1') enabled.payMoney = false;
  return enabled;
}

/** The saved options (or the defaults) with every disabled switch off: what clients may use. */
export function effectivePaymentOptions(
  saved: UserPaymentOptions | null,
  input: PaymentSwitchesInput,
): UserPaymentOptions {
  const options = saved ?? paymentOptionDefaults;
  const enabled = enabledPaymentSwitches(input);
  const on = (s: PaymentSwitch) => (enabled[s] && options[s] === 1 ? 1 : 0);
  return {
    payCard: on('payCard'),
    payCash: on('payCash'),
    payMoney: on('payMoney'),
    notifyDebt: on('notifyDebt'),
  };
}
