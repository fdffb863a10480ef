import type { PaymentProviderName } from './provider-choice.ts';

/** spec 002 §5 "Cart" and §8: the messages of the confirmation page. */
export const cartExpiredMessage = 'El tiempo para realizar la reserva expiro.';
export const currencyChangedMessage =
  'Debido a tu origen debemos cambiarte de moneda. Vuelve a seleccionar el turno.';
export const contactProfessionalForTransferMessage =
  'El profesional todavía no cargó sus datos bancarios. Escribile por el chat directo para coordinar el pago.';

export type CartProblem = 'expired' | 'currency-changed';

/**
 * spec 002 §5: no cart and no login → the expiry message; a stored cart whose country differs
 * from the logged-in user's → the currency-change alert (the cart is dropped).
 */
export function cartProblem(input: {
  hasCart: boolean;
  loggedIn: boolean;
  cartCountryId: number | null;
  userCountryId: number | null;
}): CartProblem | null {
  if (!input.hasCart) return 'expired';
  if (input.loggedIn && input.userCountryId !== null && input.cartCountryId !== input.userCountryId) {
    return 'currency-changed';
  }
  return null;
}

export interface PaymentOptionsInput {
  /** The chosen modality of the booking: 1 online, 2 in person. */
  modalityId: number;
  /** The publication's (or, for bookings created by the professional, the booking's) flags. */
  payCash: 0 | 1;
  payCard: 0 | 1;
  /** The booking was created by the professional (manual appointment). */
  createByProf: boolean;
  /** The booking's own flags, set when the professional confirmed a price (confirm-booking-price). */
  bookingPayCash?: 0 | 1 | null;
  bookingPayCard?: 0 | 1 | null;
  /** The card provider chooseProvider picked (null: no provider serves the country). */
  provider: PaymentProviderName | null;
  currency: string;
  /** The buyer is in another country than the seller (pays in USD). */
  international: boolean;
  /** The professional's transfer switch (update-user-payment-options); absent: transfer offered. */
  payMoney?: 0 | 1 | undefined;
}

export interface PaymentOptions {
  cash: boolean;
  card: boolean;
  transfer: boolean;
}

/**
 * spec 002 §5 "Cart" and §4 "Provider choice":
 * - when the booking was not created by the professional, its own payCash/payCard flags
 *   override the publication's (they exist once the professional confirmed a price);
 * - cash is excluded for online bookings (modality 1);
 * - card only when the seller enabled it and a provider serves the country or the currency is USD;
 * - seller and buyer in different countries: cash off, card forced on;
 * - transfer is offered to local buyers (bank data or, without it, the chat message).
 */
export function paymentOptions(input: PaymentOptionsInput): PaymentOptions {
  let payCash: 0 | 1 = input.payCash;
  let payCard: 0 | 1 = input.payCard;
  if (!input.createByProf) {
    if (input.bookingPayCash !== undefined && input.bookingPayCash !== null) payCash = input.bookingPayCash;
    if (input.bookingPayCard !== undefined && input.bookingPayCard !== null) payCard = input.bookingPayCard;
  }
  const providerServes = input.provider !== null || input.currency === 'USD';
  if (input.international) {
    return { cash: false, card: providerServes, transfer: false };
  }
  return {
    cash: payCash === 1 && input.modalityId !== 1,
    card: payCard === 1 && providerServes,
    transfer: input.payMoney !== 0,
  };
}

export type FinalMode = 'manual' | 'free' | 'pay';

/**
 * spec 002 §4 "Purchase flow": hidePrice → finalised directly (manual-success, the price comes
 * later); noPrice or price 0 → free finalisation (free-success); otherwise the client pays.
 */
export function finalModeOf(input: { hidePrice: 0 | 1; noPrice: 0 | 1; price: number }): FinalMode {
  if (input.hidePrice === 1) return 'manual';
  if (input.noPrice === 1 || input.price <= 0) return 'free';
  return 'pay';
}

export type PaymentStep = 'chooser' | 'card' | 'cash' | 'transfer' | 'none';

/**
 * spec 002 §4: more than one method → the 'Opciones de Pago' chooser; a single one goes straight
 * to it; none → the page asks the client to contact the professional.
 */
export function paymentStepOf(options: PaymentOptions): PaymentStep {
  const on = (['card', 'cash', 'transfer'] as const).filter((m) => options[m]);
  if (on.length > 1) return 'chooser';
  return on[0] ?? 'none';
}
