/**
 * spec 002 §4 "Provider choice" and §9 provider ids: which card provider serves a buyer.
 * `sellerKeys`: the seller's own gateway keys (saved keys are 'checked'; see
 * payment-options.service sellerKeysForChoice on the server).
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
  /** The currency the buyer pays in; PayPal is only chosen for one it takes. */
  currency?: string;
}

/**
 * The currencies PayPal takes (its currency-codes reference). A local sale in another one
 * (ARS, CLP, COP, PEN, UYU) would be refused at its checkout with CURRENCY_NOT_SUPPORTED
 * (ADR 010), so the seller's PayPal keys do not serve it: the country rules decide instead.
 */
export const paypalCurrencies: readonly string[] =
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  );

export function chooseProvider(input: ProviderChoiceInput): PaymentProviderName | null {
  const ownKeys = input.sellerKeys?.checked === true ? input.sellerKeys : null;
  if (input.international) return ownKeys ? 'paypal' : 'stripe';
  if (ownKeys?.pasarela === 3) return 'mercadopago';
  const paypalTakes = input.currency === undefined || paypalCurrencies.includes(input.currency);
  if (ownKeys?.pasarela === 4 && paypalTakes) return 'paypal';
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
