import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { outboundTo } from '../../test/outbound-fixtures.ts';
import { checkoutRequest, paymentsWith } from '../../test/payment-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createPlanCards } from '../plan-billing/plan-cards.ts';
import { createMercadoPagoProvider } from './mercadopago-provider.ts';
import { WebhookRejected } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

// The real adapters run their official SDKs against a local fake of each provider's HTTP API:
// the requests they make are checked, and the fake answers like the provider documents.
interface Seen {
  method: string;
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}
let fake: http.Server;
let base: string;
const seen: Seen[] = [];
let mpPaymentStatus = 'approved';
let lastPaymentRef = 'payRef-unknown';

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({ method: req.method ?? '', path: url.pathname + url.search, body, headers: req.headers });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      // Stripe
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const ref = new URLSearchParams(body).get('metadata[paymentRef]') ?? '';
        lastPaymentRef = ref;
        return json(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
          metadata: { paymentRef: ref },
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions/cs_test_1') {
        return json(200, { id: 'cs_test_1', object: 'checkout.session', payment_intent: 'pi_test_1' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds')
        return json(200, { id: 're_1', object: 'refund' });
      // Mercado Pago
      if (req.method === 'POST' && url.pathname.replace(/\/$/, '') === '/checkout/preferences') {
        return json(201, {
          id: 'pref_1',
          init_point: 'https://www.mercadopago.test/checkout/v1/redirect?pref_id=pref_1',
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
        return json(200, { results: [{ id: 123, status: 'approved' }] });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payments/123') {
        return json(200, { id: 123, status: mpPaymentStatus, external_reference: lastPaymentRef });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payments/123/refunds') return json(201, { id: 9 });
      json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

const stripeKeys = () => ({
  secretKey: 'sk_test_fake',
  webhookSecret: 'whsec_fake',
  planWebhookSecret: 'whsec_plan_fake',
  apiBase: base,
});
/** Stripe's event for the paid Checkout Session cs_test_1 of our payment `paymentRef`, as JSON. */
const sessionCompleted = (eventId: string, paymentRef: string) =>
  JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { paymentRef },
      },
    },
  });
const mpKeys = () => ({ accessToken: 'TEST-fake', webhookSecret: 'mp-secret', apiBase: base });

describe('Stripe adapter (official SDK, local fake API)', () => {
  // Issue 28: Stripe gives every webhook endpoint its own signing secret. With one secret for
  // both endpoints one of the two flows always failed against real Stripe.
  it('verifies each endpoint with its own secret: payments with one, plan cards with the other', async () => {
    const config = defaultConfig({
      payments: paymentsWith({ stripe: stripeKeys() }),
    });
    const payments = createStripeProvider(config);
    const planCards = createPlanCards(config, () => new Date(), outboundTo(base)).stripe;
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_setup_1', object: 'checkout.session', mode: 'setup' } },
    });
    const sdk = new Stripe('sk_test_fake');
    const signed = (secret: string) => ({
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
    });
    expect(await planCards.parseWebhook(payload, signed('whsec_plan_fake'))).toMatchObject({
      eventId: 'evt_2',
      sessionId: 'cs_setup_1',
    });
    await expect(planCards.parseWebhook(payload, signed('whsec_fake'))).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    await expect(payments?.parseWebhook(payload, signed('whsec_plan_fake'))).rejects.toBeInstanceOf(
      WebhookRejected,
    );
  });

  it('creates a hosted checkout session with the amount in minor units and our payment ref', async () => {
    const provider = createStripeProvider(
      defaultConfig({ payments: paymentsWith({ stripe: stripeKeys() }) }),
    );
    const checkout = await provider?.createCheckout(checkoutRequest());
    expect(checkout).toEqual({
      providerPaymentId: 'cs_test_1',
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    const form = new URLSearchParams(seen.find((s) => s.path === '/v1/checkout/sessions')?.body ?? '');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('3000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('metadata[paymentRef]')).toBe('payRef0001');
    expect(form.get('success_url')).toContain('/confirmation/');
  });

  it('verifies webhooks with the signing secret and refunds through the payment intent', async () => {
    const provider = createStripeProvider(
      defaultConfig({ payments: paymentsWith({ stripe: stripeKeys() }) }),
    );
    const payload = sessionCompleted('evt_1', 'payRef0001');
    const sdk = new Stripe('sk_test_fake');
    const good = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_fake' });
    expect(await provider?.parseWebhook(payload, { 'stripe-signature': good })).toMatchObject({
      eventId: 'evt_1',
      outcome: 'approved',
      providerPaymentId: 'cs_test_1',
      paymentRef: 'payRef0001',
    });
    const forged = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(provider?.parseWebhook(payload, { 'stripe-signature': forged })).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    const old = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_fake',
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    await expect(provider?.parseWebhook(payload, { 'stripe-signature': old })).rejects.toMatchObject({
      reason: 'timestamp',
    });

    await provider?.refund({
      providerPaymentId: 'cs_test_1',
      paymentRef: 'payRef0001',
      amountMinor: 3000,
      currency: 'USD',
      idempotencyKey: 'refundRef0001',
    });
    const refundCall = seen.find((s) => s.path === '/v1/refunds');
    const refund = new URLSearchParams(refundCall?.body ?? '');
    expect(refund.get('payment_intent')).toBe('pi_test_1');
    // A retry of the same owed refund carries the same key: Stripe answers it with the first refund.
    expect(refundCall?.headers['idempotency-key']).toBe('refund-refundRef0001');
    expect(refund.get('amount')).toBe('3000');
  });

  it('is off without keys (the sandbox imitation serves instead)', () => {
    expect(createStripeProvider(defaultConfig())).toBeNull();
    expect(createMercadoPagoProvider(defaultConfig())).toBeNull();
  });
});

describe('Mercado Pago adapter (official SDK, local fake API)', () => {
  const sign = (dataId: string, requestId: string, ts: number, secret = 'mp-secret') =>
    `ts=${ts},v1=${createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex')}`;

  it('creates a Checkout Pro preference with the decimal price and our reference', async () => {
    const provider = createMercadoPagoProvider(
      defaultConfig({ payments: paymentsWith({ mercadopago: mpKeys() }) }),
    );
    const checkout = await provider?.createCheckout(
      checkoutRequest({
        paymentRef: 'payRef0002',
        amountMinor: 2500000,
        currency: 'ARS',
        description: 'Sesión',
        webhookUrl: 'http://agendo.test/webhooks/payments/mercadopago',
        payerEmail: '',
      }),
    );
    expect(checkout?.checkoutUrl).toContain('pref_1');
    const body = JSON.parse(seen.find((s) => s.path.startsWith('/checkout/preferences'))?.body ?? '{}');
    expect(body.items[0]).toMatchObject({ unit_price: 25000, currency_id: 'ARS', quantity: 1 });
    expect(body.external_reference).toBe('payRef0002');
    expect(body.notification_url).toBe('http://agendo.test/webhooks/payments/mercadopago');
    lastPaymentRef = 'payRef0002';
  });

  it('verifies x-signature, refuses old or forged notifications, reads the state from the API and refunds', async () => {
    const provider = createMercadoPagoProvider(
      defaultConfig({ payments: paymentsWith({ mercadopago: mpKeys() }) }),
    );
    const body = JSON.stringify({ id: 777, type: 'payment', action: 'payment.updated', data: { id: '123' } });
    const ts = Math.floor(Date.now() / 1000);
    const event = await provider?.parseWebhook(body, {
      'x-signature': sign('123', 'req-1', ts),
      'x-request-id': 'req-1',
    });
    expect(event).toMatchObject({
      outcome: 'approved',
      providerPaymentId: '123',
      paymentRef: 'payRef0002',
      eventId: 'payment:123:approved',
    });
    await expect(
      provider?.parseWebhook(body, {
        'x-signature': sign('123', 'req-1', ts, 'other'),
        'x-request-id': 'req-1',
      }),
    ).rejects.toMatchObject({ reason: 'signature' });
    await expect(
      provider?.parseWebhook(body, {
        'x-signature': sign('123', 'req-1', ts - 3600),
        'x-request-id': 'req-1',
      }),
    ).rejects.toMatchObject({ reason: 'timestamp' });
    mpPaymentStatus = 'rejected';
    const rejected = await provider?.parseWebhook(body, {
      'x-signature': sign('123', 'req-2', ts),
      'x-request-id': 'req-2',
    });
    expect(rejected).toMatchObject({ outcome: 'declined' });
    mpPaymentStatus = 'approved';

    await provider?.refund({
      providerPaymentId: 'pref_1',
      paymentRef: 'payRef0002',
      amountMinor: 2500000,
      currency: 'ARS',
      idempotencyKey: 'refundRef0002',
    });
    const refundCall = seen.find((s) => s.path === '/v1/payments/123/refunds');
    expect(JSON.parse(refundCall?.body ?? '{}')).toEqual({ amount: 25000 });
    expect(refundCall?.headers['x-idempotency-key']).toBe('refund-refundRef0002');
  });
});

describe('Stripe end to end through the app', () => {
  // The fake API's address is known once the file's beforeAll ran.
  const t = useTestApp(() => ({
    payments: paymentsWith({ stripe: stripeKeys() }),
  }));

  it('an international buyer is sent to Stripe and the signed webhook settles the booking', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { price_usd: 3000 });
    const buyer = await makeUser(t, { countryId: 28, timeZone: 'Europe/Madrid' });
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-24T13:00:00.000Z' },
      buyer.token,
    );
    expect(held.body.booking.provider).toBe('stripe');
    const started = await t.call('start-payment', { ref: held.body.booking.tempBookId }, buyer.token);
    expect(started.body).toMatchObject({
      provider: 'stripe',
      sandbox: false,
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });

    const payload = sessionCompleted('evt_e2e', started.body.paymentRef);
    const signature = new Stripe('sk_test_fake').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_fake',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payments/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const booking = await t.deps.db
      .selectFrom('bookings')
      .select(['state', 'pay', 'pay_method'])
      .where('ref', '=', held.body.booking.tempBookId)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ state: 'confirmed', pay: 1, pay_method: 'card' });
  });
});
