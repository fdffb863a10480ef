/**
 * spec 002 §4 "Provider choice" and §9 provider ids: which card provider serves a buyer.
 * Sellers' own gateway keys arrive with the sales slice; until then `sellerKeys` is absent.
 */
export type PaymentProviderName = 'dlocal' | 'stripe' | 'mercadopago' | 'paypal';

/** spec 002 §9: provider ids in the balance dialog. */
export const paymentProviderIds: Record<PaymentProviderName, number> = {
  dlocal: 1,
  stripe: 2,
  mercadopago: 3,
  paypal: 4,
};

/** spec 002 §4: local buyers of these countries pay through dLocal / Stripe when the seller has no keys. */
export const dlocalCountryIds: readonly number[] = [5, 42, 81];
export const stripeCountryIds: readonly number[] = [55, 103];

export interface ProviderChoiceInput {
  /** The buyer pays in USD from another country than the seller's (spec 000 §9 currency flag). */
  international: boolean;
  /** The country whose local provider would serve a local buyer (the buyer's = the seller's). */
  countryId: number;
  /** The seller's own gateway configuration (spec 002 §3 "Seller payment config"). */
  sellerKeys?: { checked: boolean; pasarela: number } | null;
}

export function chooseProvider(input: ProviderChoiceInput): PaymentProviderName | null {
  const ownKeys = input.sellerKeys?.checked === true ? input.sellerKeys : null;
  if (input.international) return ownKeys ? 'paypal' : 'stripe';
  if (ownKeys?.pasarela === 3) return 'mercadopago';
  if (ownKeys?.pasarela === 4) return 'paypal';
  if (dlocalCountryIds.includes(input.countryId)) return 'dlocal';
  if (stripeCountryIds.includes(input.countryId)) return 'stripe';
  return null;
}

/** spec 002 §7: the Mercado Pago site follows the currency. */
export const mercadoPagoCountryOfCurrency: Readonly<Record<string, string>> = {
  ARS: 'ar',
  CLP: 'cl',
  MXN: 'mx',
  BRL: 'br',
  SOL: 'pe',
  PEN: 'pe',
  UYU: 'uy',
  COP: 'co',
};
