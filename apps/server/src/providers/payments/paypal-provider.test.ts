import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { headerOf } from '../../test/fake-http-api.ts';
import { startFakePayPal } from '../../test/fake-paypal-api.ts';
import { offlineOutbound, useFakeProviderApi } from '../../test/outbound-fixtures.ts';
import {
  checkoutRequest,
  deliverWebhook,
  paymentState,
  paymentsWith,
  startPayPalSale,
} from '../../test/payment-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createPayPalProvider } from './paypal-provider.ts';
import { ProviderHttpError } from './provider-http.ts';

// The PayPal adapter speaks PayPal's REST API (OAuth2, Orders v2, webhook verification,
// refunds) to a local imitation that checks credentials, tokens and signatures like PayPal does.
const keys = { clientId: 'pp-client-1', clientSecret: 'pp-secret-1', webhookId: 'WH-ID-1' };
const api = useFakeProviderApi(() => startFakePayPal(keys, { tokenTtlSeconds: 3600 }));

const config = (over: Partial<typeof keys> = {}) =>
  defaultConfig({
    payments: paymentsWith({ paypal: { ...keys, apiBase: api.fake.base, ...over } }),
  });
const paypalRequest = (paymentRef: string, over: Parameters<typeof checkoutRequest>[0] = {}) =>
  checkoutRequest({
    paymentRef,
    webhookUrl: 'http://agendo.test/webhooks/payments/paypal',
    confirmUrl: `http://agendo.test/payments/return/paypal/${paymentRef}`,
    ...over,
  });
const orderBody = (paymentRef: string) =>
  JSON.parse(
    api.fake.seen.find(
      (s) => s.path === '/v2/checkout/orders' && s.body.includes(`"custom_id":"${paymentRef}"`),
    )?.body ?? '{}',
  );

describe('PayPal adapter (REST API, local imitation)', () => {
  it('creates a CAPTURE order with the decimal amount, our ref and our return step, and answers the approval link', async () => {
    const provider = createPayPalProvider(config(), api.http);
    const request = paypalRequest('payRefPp01');
    const checkout = await provider?.createCheckout(request);
    expect(checkout?.checkoutUrl).toBe(
      `https://www.paypal.test/checkoutnow?token=${checkout?.providerPaymentId}`,
    );
    expect(orderBody('payRefPp01')).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: 'payRefPp01',
          invoice_id: 'payRefPp01',
          amount: { currency_code: 'USD', value: '30.00' },
        },
      ],
      payment_source: {
        paypal: {
          email_address: 'ana@example.com',
          experience_context: { return_url: request.confirmUrl, cancel_url: request.returnUrl },
        },
      },
    });
    const sent = api.fake.seen.find((s) => s.path === '/v2/checkout/orders' && s.body.includes('payRefPp01'));
    expect(sent && headerOf(sent, 'paypal-request-id')).toBe('order-payRefPp01');

    await provider?.createCheckout(paypalRequest('payRefPp02', { amountMinor: 1999, currency: 'MXN' }));
    expect(orderBody('payRefPp02').purchase_units[0].amount).toEqual({
      currency_code: 'MXN',
      value: '19.99',
    });
  });

  it('fetches one OAuth2 token and reuses it until it nears expiry; a revoked token is replaced once', async () => {
    const clock = { now: new Date('2026-11-22T12:00:00Z') };
    const provider = createPayPalProvider(config(), api.http, () => clock.now);
    const before = api.fake.counts.tokens;
    // Concurrent first calls share one token request.
    await Promise.all(
      ['payRefPp10', 'payRefPp11', 'payRefPp12'].map((ref) => provider?.createCheckout(paypalRequest(ref))),
    );
    expect(api.fake.counts.tokens).toBe(before + 1);
    clock.now = new Date('2026-11-22T12:58:00Z');
    await provider?.createCheckout(paypalRequest('payRefPp13'));
    expect(api.fake.counts.tokens).toBe(before + 1);
    // One hour of life, renewed a minute early.
    clock.now = new Date('2026-11-22T12:59:30Z');
    await provider?.createCheckout(paypalRequest('payRefPp14'));
    expect(api.fake.counts.tokens).toBe(before + 2);
    api.fake.revokeTokens();
    await provider?.createCheckout(paypalRequest('payRefPp15'));
    expect(api.fake.counts.tokens).toBe(before + 3);
  });

  it('wrong client credentials are refused by PayPal and the error reaches the caller', async () => {
    const provider = createPayPalProvider(config({ clientSecret: 'not-the-secret' }), api.http);
    const failed = provider?.createCheckout(paypalRequest('payRefPp20'));
    await expect(failed).rejects.toBeInstanceOf(ProviderHttpError);
    await expect(failed).rejects.toMatchObject({ status: 401 });
  });

  it('talks to the live API unless another host is configured', async () => {
    const offline = offlineOutbound();
    const provider = createPayPalProvider(
      defaultConfig({ payments: paymentsWith({ paypal: keys }) }),
      offline,
    );
    await expect(provider?.createCheckout(paypalRequest('payRefPp21'))).rejects.toThrow('offline');
    expect(offline.urls[0]).toBe('https://api-m.paypal.com/v1/oauth2/token');
  });

  it('captures on return only once the buyer approved, once, and reports a declined funding source', async () => {
    const provider = createPayPalProvider(config(), api.http);
    const order = (await provider?.createCheckout(paypalRequest('payRefPp30')))?.providerPaymentId ?? '';
    expect(await provider?.completeReturn?.(order)).toBeNull();
    api.fake.approve(order);
    const captured = await provider?.completeReturn?.(order);
    const captureId = api.fake.capture(order)?.id;
    expect(captured).toEqual({
      eventId: `capture:${captureId}:COMPLETED`,
      type: 'capture.COMPLETED',
      outcome: 'approved',
      providerPaymentId: order,
      paymentRef: 'payRefPp30',
    });
    const captures = api.fake.counts.captures;
    expect(await provider?.completeReturn?.(order)).toEqual(captured);
    expect(api.fake.counts.captures).toBe(captures);

    const declined = (await provider?.createCheckout(paypalRequest('payRefPp31')))?.providerPaymentId ?? '';
    api.fake.approve(declined, 'declines');
    expect(await provider?.completeReturn?.(declined)).toMatchObject({
      outcome: 'declined',
      providerPaymentId: declined,
    });
  });

  it('verifies webhooks with PayPal before reading them; forged, tampered or unsigned ones are refused', async () => {
    const provider = createPayPalProvider(config(), api.http);
    const order = (await provider?.createCheckout(paypalRequest('payRefPp40')))?.providerPaymentId ?? '';
    api.fake.approve(order);
    await provider?.completeReturn?.(order);
    const capture = api.fake.capture(order);

    const completed = api.fake.webhook('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await provider?.parseWebhook(completed.body, completed.headers)).toEqual({
      eventId: JSON.parse(completed.body).id,
      type: 'PAYMENT.CAPTURE.COMPLETED',
      outcome: 'approved',
      providerPaymentId: order,
      paymentRef: 'payRefPp40',
    });
    const verify = api.fake.seen
      .filter((s) => s.path === '/v1/notifications/verify-webhook-signature')
      .at(-1);
    expect(JSON.parse(verify?.body ?? '{}')).toMatchObject({
      webhook_id: 'WH-ID-1',
      auth_algo: 'SHA256withRSA',
      transmission_id: completed.headers['paypal-transmission-id'],
      webhook_event: JSON.parse(completed.body),
    });

    const denied = api.fake.webhook('PAYMENT.CAPTURE.DENIED', { ...capture, status: 'DECLINED' });
    expect(await provider?.parseWebhook(denied.body, denied.headers)).toMatchObject({ outcome: 'declined' });
    const refunded = api.fake.webhook('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REF9',
      status: 'COMPLETED',
      custom_id: 'payRefPp40',
    });
    expect(await provider?.parseWebhook(refunded.body, refunded.headers)).toMatchObject({
      outcome: 'refunded',
      paymentRef: 'payRefPp40',
    });
    const other = api.fake.webhook('BILLING.PLAN.CREATED', { id: 'P-1' });
    expect(await provider?.parseWebhook(other.body, other.headers)).toMatchObject({ outcome: 'ignored' });

    const forged = api.fake.webhook('PAYMENT.CAPTURE.COMPLETED', capture, api.fake.forgeryKey());
    await expect(provider?.parseWebhook(forged.body, forged.headers)).rejects.toMatchObject({
      reason: 'signature',
    });
    const tampered = completed.body.replace('payRefPp40', 'payRefPp41');
    await expect(provider?.parseWebhook(tampered, completed.headers)).rejects.toMatchObject({
      reason: 'signature',
    });
    const verifications = api.fake.seen.filter(
      (s) => s.path === '/v1/notifications/verify-webhook-signature',
    ).length;
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = completed.headers;
    await expect(provider?.parseWebhook(completed.body, unsigned)).rejects.toMatchObject({
      reason: 'signature',
    });
    expect(api.fake.seen.filter((s) => s.path === '/v1/notifications/verify-webhook-signature')).toHaveLength(
      verifications,
    );
  });

  it('refunds the order capture with the decimal amount', async () => {
    const provider = createPayPalProvider(config(), api.http);
    const order = (await provider?.createCheckout(paypalRequest('payRefPp50')))?.providerPaymentId ?? '';
    api.fake.approve(order);
    await provider?.completeReturn?.(order);
    const captureId = api.fake.capture(order)?.id;
    await provider?.refund({
      providerPaymentId: order,
      paymentRef: 'payRefPp50',
      amountMinor: 3000,
      currency: 'USD',
      idempotencyKey: 'refundRefPp50',
    });
    const refund = api.fake.seen.find((s) => s.path === `/v2/payments/captures/${captureId}/refund`);
    expect(JSON.parse(refund?.body ?? '{}')).toEqual({ amount: { value: '30.00', currency_code: 'USD' } });
    expect(api.fake.capture(order)?.status).toBe('REFUNDED');
  });
});

describe('PayPal end to end through the app', () => {
  // The fake provider listens only once the file's beforeAll ran.
  const t = useTestApp(() => ({
    payments: paymentsWith({ paypal: { ...keys, apiBase: api.fake.base } }),
    outbound: { allow: [api.fake.base] },
  }));

  async function startPaying(startsAt: string) {
    const { buyer, bookingRef, started, payment, order } = await startPayPalSale(t, startsAt);
    return { buyer, bookingRef, started, order, returnUrl: payment.return_url };
  }

  const post = (delivery: { body: string; headers: Record<string, string> }) =>
    deliverWebhook(t, 'paypal', delivery);

  it('the buyer approves on PayPal, our return step captures and sends them on; cancelling refunds the capture', async () => {
    const { buyer, bookingRef, started, order, returnUrl } = await startPaying('2026-11-24T13:00:00.000Z');
    expect(started).toMatchObject({ provider: 'paypal', sandbox: false });
    expect(started.checkoutUrl).toBe(`https://www.paypal.test/checkoutnow?token=${order}`);
    expect(returnUrl).toMatch(/^http:\/\/agendo\.test\/es\/es\/confirmation\//);

    const back = new URL(api.fake.approve(order));
    expect(back.origin + back.pathname).toBe(
      `http://agendo.test/payments/return/paypal/${started.paymentRef}`,
    );
    const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(returnUrl);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toMatchObject({
      payment: 'approved',
      booking: { state: 'confirmed', pay: 1 },
    });

    // PayPal's own report of the capture arrives afterwards and changes nothing.
    const completed = api.fake.webhook('PAYMENT.CAPTURE.COMPLETED', api.fake.capture(order));
    expect((await post(completed)).statusCode).toBe(200);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toMatchObject({
      payment: 'approved',
      events: 2,
    });
    // Coming back again (a reload) does not capture twice.
    const captures = api.fake.counts.captures;
    expect((await t.app.inject({ method: 'GET', url: back.pathname })).statusCode).toBe(303);
    expect(api.fake.counts.captures).toBe(captures);

    const cancelled = await t.call('cancel-booking', { ref: bookingRef }, buyer.token);
    expect(cancelled.body).toMatchObject({ refunded: true });
    expect(api.fake.capture(order)?.status).toBe('REFUNDED');
    expect((await paymentState(t, started.paymentRef, bookingRef)).payment).toBe('refunded');
  });

  it('a buyer who never comes back is settled by the signed CHECKOUT.ORDER.APPROVED webhook; a forged one captures nothing', async () => {
    const { bookingRef, started, order } = await startPaying('2026-11-24T15:00:00.000Z');
    api.fake.approve(order);
    const approved = api.fake.webhook('CHECKOUT.ORDER.APPROVED', api.fake.view(order));
    const forged = api.fake.webhook('CHECKOUT.ORDER.APPROVED', api.fake.view(order), api.fake.forgeryKey());
    const captures = api.fake.counts.captures;
    expect((await post(forged)).statusCode).toBe(400);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = approved.headers;
    expect((await post({ body: approved.body, headers: unsigned })).statusCode).toBe(400);
    expect(api.fake.counts.captures).toBe(captures);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toEqual({
      payment: 'created',
      booking: { state: 'held', pay: 0, pay_method: null },
      events: 0,
    });

    expect((await post(approved)).statusCode).toBe(200);
    expect(api.fake.counts.captures).toBe(captures + 1);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toEqual({
      payment: 'approved',
      booking: { state: 'confirmed', pay: 1, pay_method: 'card' },
      events: 1,
    });
  });

  it('a declined funding source declines the payment and keeps the slot held; an unknown return is a 404', async () => {
    const { bookingRef, started, order, returnUrl } = await startPaying('2026-11-24T17:00:00.000Z');
    const back = new URL(api.fake.approve(order, 'declines'));
    const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(res.headers.location).toBe(returnUrl);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toMatchObject({
      payment: 'declined',
      booking: { state: 'held', pay: 0 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/payments/return/paypal/nope' })).statusCode).toBe(404);
  });

  it('a return before approval, or while PayPal is down, still reaches the confirmation page and leaves the payment open', async () => {
    const { bookingRef, started, order, returnUrl } = await startPaying('2026-11-24T19:00:00.000Z');
    const returnStep = `/payments/return/paypal/${started.paymentRef}`;
    expect((await t.app.inject({ method: 'GET', url: returnStep })).headers.location).toBe(returnUrl);
    expect((await paymentState(t, started.paymentRef, bookingRef)).payment).toBe('created');

    api.fake.approve(order);
    api.fake.outage(true);
    try {
      const res = await t.app.inject({ method: 'GET', url: returnStep });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(returnUrl);
    } finally {
      api.fake.outage(false);
    }
    expect((await paymentState(t, started.paymentRef, bookingRef)).payment).toBe('created');
    // PayPal's CHECKOUT.ORDER.APPROVED, retried until we answer 2xx, completes it later.
    expect((await post(api.fake.webhook('CHECKOUT.ORDER.APPROVED', api.fake.view(order)))).statusCode).toBe(
      200,
    );
    expect(await paymentState(t, started.paymentRef, bookingRef)).toMatchObject({
      payment: 'approved',
      booking: { state: 'confirmed', pay: 1 },
    });
  });
});
