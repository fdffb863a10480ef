import type { CheckoutRequest } from '../providers/payments/payment-provider.ts';
import type { TestApp } from './test-app.ts';

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
