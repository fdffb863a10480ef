import type { AppConfig } from '../config.ts';
import { startSalePayment } from '../modules/payments/payments.service.ts';
import type { CheckoutRequest } from '../providers/payments/payment-provider.ts';
import { sandboxCards } from '../providers/payments/sandbox-provider.ts';
import { makePublication, makeUser } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The payments settings of a test that pays through these providers' keys, not opted in to the sandbox. */
export const paymentsWith = (
  providers: Omit<AppConfig['payments'], 'sandboxSecret' | 'sandboxOptIn'>,
): AppConfig['payments'] => ({ sandboxSecret: 'x', sandboxOptIn: false, ...providers });

/** What startSalePayment asks an adapter for, with test values; each test overrides what it checks. */
export function checkoutRequest(over: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const paymentRef = over.paymentRef ?? 'payRef0001';
  return {
    paymentRef,
    amountMinor: 3000,
    currency: 'USD',
    description: 'Sesión de psicología online',
    returnUrl: `http://agendo.test/ar/es/confirmation/p/${paymentRef}/b`,
    webhookUrl: 'http://agendo.test/webhooks/payments/stripe',
    confirmUrl: `http://agendo.test/payments/return/stripe/${paymentRef}`,
    payerEmail: 'ana@example.com',
    payerName: 'Ana Pérez',
    payerCountry: 'AR',
    ...over,
  };
}

/** A payment's state, its booking's and how many provider events were recorded for it. */
export async function paymentState(t: TestApp, paymentRef: string, bookingRef: string) {
  const payment = await t.deps.db
    .selectFrom('payments')
    .select(['id', 'state'])
    .where('ref', '=', paymentRef)
    .executeTakeFirstOrThrow();
  const booking = await t.deps.db
    .selectFrom('bookings')
    .select(['state', 'pay', 'pay_method'])
    .where('ref', '=', bookingRef)
    .executeTakeFirstOrThrow();
  const events = await t.deps.db
    .selectFrom('payment_events')
    .select('event_id')
    .where('payment_id', '=', payment.id)
    .execute();
  return { payment: payment.state, booking, events: events.length };
}

/**
 * A buyer from Spain holds a slot of a fresh Argentine professional (a USD sale). The choice
 * table sends such a sale to PayPal when the seller has their own keys (spec 002 §4); seller keys
 * arrive with the sales slice, so the card step is started for PayPal directly.
 */
export async function startPayPalSale(t: TestApp, startsAt: string, proFirstName?: string) {
  const pro = await makeUser(t, { userType: 1, firstName: proFirstName });
  const pub = await makePublication(t, pro.id, { price_usd: 3000 });
  const buyer = await makeUser(t, { countryId: 28, timeZone: 'Europe/Madrid' });
  const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, buyer.token);
  const bookingRef = held.body.booking.tempBookId as string;
  const booking = await t.deps.db
    .selectFrom('bookings')
    .select(['sale_id', 'price_minor', 'currency'])
    .where('ref', '=', bookingRef)
    .executeTakeFirstOrThrow();
  const saleId = booking.sale_id ?? 0;
  const started = await startSalePayment(t.deps, {
    saleId,
    payerId: buyer.id,
    amountMinor: booking.price_minor,
    currency: booking.currency,
    provider: 'paypal',
    description: 'Sesión de prueba',
    returnPath: (ref) => `/es/es/confirmation/${pub.ref}/${ref}/${bookingRef}`,
  });
  const payment = await paymentRow(t, started.paymentRef);
  return { pro, buyer, bookingRef, saleId, started, payment, order: payment.provider_payment_id ?? '' };
}

export const paymentRow = (t: TestApp, ref: string) =>
  t.deps.db.selectFrom('payments').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

/**
 * The buyer holds `startsAt` of publication `pubRef` and starts its card payment: the held booking
 * (which provider the choice table took), the start's answer and the payment row.
 */
export async function holdAndStartPayment(t: TestApp, pubRef: string, buyerToken: string, startsAt: string) {
  const held = await t.call('save-temp-booking', { ref: pubRef, startsAt }, buyerToken);
  const bookingRef: string = held.body.booking.tempBookId;
  const started = await t.call('start-payment', { ref: bookingRef }, buyerToken);
  if (started.statusCode !== 200) throw new Error(`start-payment failed: ${JSON.stringify(started.body)}`);
  const payment = await paymentRow(t, started.body.paymentRef);
  return { bookingRef, held: held.body.booking, started: started.body, payment };
}

/** The buyer pays on the sandbox provider's hosted page (`checkoutUrl`), as a person would. */
export function payOnSandboxPage(t: TestApp, checkoutUrl: string, card: string = sandboxCards.approve) {
  return t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: card,
      expiry: '12/30',
      cvc: '123',
      holder: 'Ana Pérez',
    }).toString(),
  });
}

/** An Argentine professional's bank account as update-user-bank takes it (Banco Nación, a valid CBU). */
export const bankAccountInput = {
  userFirstName: 'Lucía',
  userLastName: 'Fernández',
  userCountry: '5',
  userTypeBank: '',
  userBankName: '011',
  userCurrencyBank: 'ARS',
  userCBU: '0110599520000001234569',
  userAliasBank: 'lucia.consultorio',
};

/** Delivers a provider's (imitation's) notification to our webhook for that provider, as sent. */
export const deliverWebhook = (
  t: TestApp,
  provider: 'dlocal' | 'paypal',
  delivery: { body: string; headers: Record<string, string> },
) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/${provider}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
