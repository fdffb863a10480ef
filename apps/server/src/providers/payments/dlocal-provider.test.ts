import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { startFakeDLocal } from '../../test/fake-dlocal-api.ts';
import { headerOf } from '../../test/fake-http-api.ts';
import { offlineOutbound, useFakeProviderApi } from '../../test/outbound-fixtures.ts';
import {
  checkoutRequest,
  deliverWebhook,
  paymentRow,
  paymentState,
  paymentsWith,
} from '../../test/payment-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createDLocalProvider } from './dlocal-provider.ts';
import { ProviderHttpError } from './provider-http.ts';

// The dLocal adapter speaks dLocal's Payins REST API to a local imitation that checks the
// V2-HMAC-SHA256 signature of every request and answers dLocal's documented shapes.
const keys = { login: 'dl-login-1', transKey: 'dl-trans-1', secretKey: 'dl-secret-1' };
const api = useFakeProviderApi(() => startFakeDLocal(keys));

const config = (over: Partial<typeof keys> = {}) =>
  defaultConfig({
    payments: paymentsWith({ dlocal: { ...keys, apiBase: api.fake.base, ...over } }),
  });
const webhookUrl = 'http://agendo.test/webhooks/payments/dlocal';

describe('dLocal adapter (Payins REST API, local imitation)', () => {
  it('creates a signed REDIRECT payment: amount in major units, country, payer, our order id and URLs', async () => {
    const provider = createDLocalProvider(config(), api.http);
    const request = checkoutRequest({
      paymentRef: 'payRefDl01',
      amountMinor: 2500050,
      currency: 'ARS',
      webhookUrl,
    });
    const checkout = await provider?.createCheckout(request);
    expect(checkout?.providerPaymentId).toMatch(/^D-4-/);
    expect(checkout?.checkoutUrl).toBe(`${api.fake.base}/checkout/${checkout?.providerPaymentId}`);
    const sent = api.fake.seen.find((s) => s.method === 'POST' && s.path === '/payments');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      amount: 25000.5,
      currency: 'ARS',
      country: 'AR',
      payment_method_flow: 'REDIRECT',
      payer: { name: 'Ana Pérez', email: 'ana@example.com' },
      order_id: 'payRefDl01',
      notification_url: webhookUrl,
      callback_url: request.returnUrl,
    });
    expect(sent && headerOf(sent, 'x-version')).toBe('2.1');
    expect(sent && headerOf(sent, 'authorization')).toMatch(/^V2-HMAC-SHA256, Signature: [0-9a-f]{64}$/);

    // Chilean pesos have no decimals: whole pesos go out as they are.
    await provider?.createCheckout(
      checkoutRequest({ paymentRef: 'payRefDl02', amountMinor: 25000, currency: 'CLP', payerCountry: 'CL' }),
    );
    expect(JSON.parse(api.fake.seen.at(-1)?.body ?? '{}')).toMatchObject({
      amount: 25000,
      currency: 'CLP',
      country: 'CL',
    });
  });

  it('a request signed with a wrong secret key is refused by dLocal and the error reaches the caller', async () => {
    const provider = createDLocalProvider(config({ secretKey: 'not-the-secret' }), api.http);
    const failed = provider?.createCheckout(checkoutRequest({ paymentRef: 'payRefDl03', currency: 'ARS' }));
    await expect(failed).rejects.toBeInstanceOf(ProviderHttpError);
    await expect(failed).rejects.toMatchObject({ status: 401 });
  });

  it('talks to the live API unless another host is configured', async () => {
    const offline = offlineOutbound();
    const provider = createDLocalProvider(
      defaultConfig({ payments: paymentsWith({ dlocal: keys }) }),
      offline,
    );
    await expect(provider?.createCheckout(checkoutRequest())).rejects.toThrow('offline');
    expect(offline.urls[0]).toBe('https://api.dlocal.com/payments');
  });

  it('verifies a notification, then reads the payment state back from the API', async () => {
    const provider = createDLocalProvider(config(), api.http);
    const checkout = await provider?.createCheckout(
      checkoutRequest({ paymentRef: 'payRefDl04', currency: 'ARS', webhookUrl }),
    );
    const id = checkout?.providerPaymentId ?? '';
    const paid = api.fake.settle(id, 'PAID');
    expect(await provider?.parseWebhook(paid.body, paid.headers)).toEqual({
      eventId: `payment:${id}:PAID`,
      type: 'payment.PAID',
      outcome: 'approved',
      providerPaymentId: id,
      paymentRef: 'payRefDl04',
    });

    const forged = api.fake.notification(id, 'not-the-secret');
    await expect(provider?.parseWebhook(forged.body, forged.headers)).rejects.toMatchObject({
      reason: 'signature',
    });
    const tampered = paid.body.replace('"PAID"', '"PENDING"');
    await expect(provider?.parseWebhook(tampered, paid.headers)).rejects.toMatchObject({
      reason: 'signature',
    });
    const { authorization: _dropped, ...unsigned } = paid.headers;
    await expect(provider?.parseWebhook(paid.body, unsigned)).rejects.toMatchObject({ reason: 'signature' });

    // A genuine but stale notification (it said PAID) reports what the API says now.
    api.fake.settle(id, 'REJECTED');
    expect(await provider?.parseWebhook(paid.body, paid.headers)).toMatchObject({ outcome: 'declined' });
    for (const status of ['CANCELLED', 'EXPIRED'] as const) {
      const later = api.fake.settle(id, status);
      expect(await provider?.parseWebhook(later.body, later.headers)).toMatchObject({ outcome: 'declined' });
    }
    const pending = api.fake.settle(id, 'PENDING');
    expect(await provider?.parseWebhook(pending.body, pending.headers)).toMatchObject({ outcome: 'ignored' });
  });

  it('refunds by dLocal payment id with the amount in major units', async () => {
    const provider = createDLocalProvider(config(), api.http);
    const checkout = await provider?.createCheckout(
      checkoutRequest({ paymentRef: 'payRefDl05', amountMinor: 1999, currency: 'MXN', payerCountry: 'MX' }),
    );
    const id = checkout?.providerPaymentId ?? '';
    // dLocal refunds only paid payments: the adapter's error surfaces for the retry.
    await expect(
      provider?.refund({
        providerPaymentId: id,
        paymentRef: 'payRefDl05',
        amountMinor: 1999,
        currency: 'MXN',
        idempotencyKey: 'refundRefDl05',
      }),
    ).rejects.toBeInstanceOf(ProviderHttpError);
    api.fake.settle(id, 'PAID');
    await provider?.refund({
      providerPaymentId: id,
      paymentRef: 'payRefDl05',
      amountMinor: 1999,
      currency: 'MXN',
      idempotencyKey: 'refundRefDl05',
    });
    const refund = api.fake.seen.filter((s) => s.path === '/refunds').at(-1);
    expect(JSON.parse(refund?.body ?? '{}')).toEqual({ payment_id: id, amount: 19.99, currency: 'MXN' });
    expect(api.fake.payments.get(id)?.refunded).toBe(19.99);
  });
});

describe('dLocal end to end through the app', () => {
  // The fake provider listens only once the file's beforeAll ran.
  const t = useTestApp(() => ({
    payments: paymentsWith({ dlocal: { ...keys, apiBase: api.fake.base } }),
    outbound: { allow: [api.fake.base] },
  }));

  /** An Argentine client holds a slot of an Argentine professional and starts the card step. */
  async function startPaying(startsAt: string) {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { price: 2500000 });
    const buyer = await makeUser(t);
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, buyer.token);
    const started = await t.call('start-payment', { ref: held.body.booking.tempBookId }, buyer.token);
    const payment = await paymentRow(t, started.body.paymentRef);
    return { buyer, bookingRef: held.body.booking.tempBookId as string, started: started.body, payment };
  }

  const post = (notification: { body: string; headers: Record<string, string> }) =>
    deliverWebhook(t, 'dlocal', notification);

  it('an Argentine buyer pays on dLocal; forged notifications leave no trace, the signed one settles the booking, cancelling refunds it', async () => {
    const { buyer, bookingRef, started, payment } = await startPaying('2026-11-24T13:00:00.000Z');
    expect(started).toMatchObject({ provider: 'dlocal', sandbox: false });
    expect(started.checkoutUrl).toBe(`${api.fake.base}/checkout/${payment.provider_payment_id}`);
    expect(payment.provider).toBe('dlocal');
    const sent = JSON.parse(api.fake.seen.filter((s) => s.path === '/payments').at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({
      amount: 25000,
      currency: 'ARS',
      country: 'AR',
      order_id: started.paymentRef,
      notification_url: 'http://agendo.test/webhooks/payments/dlocal',
    });
    expect(sent.callback_url).toMatch(
      new RegExp(`^http://agendo.test/ar/es/confirmation/.+/${started.paymentRef}/`),
    );

    const genuine = api.fake.settle(payment.provider_payment_id ?? '', 'PAID');
    const forged = api.fake.notification(payment.provider_payment_id ?? '', 'not-the-secret');
    expect((await post(forged)).statusCode).toBe(400);
    const { authorization: _dropped, ...unsignedHeaders } = genuine.headers;
    expect((await post({ body: genuine.body, headers: unsignedHeaders })).statusCode).toBe(400);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toEqual({
      payment: 'created',
      booking: { state: 'held', pay: 0, pay_method: null },
      events: 0,
    });

    expect((await post(genuine)).statusCode).toBe(200);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toEqual({
      payment: 'approved',
      booking: { state: 'confirmed', pay: 1, pay_method: 'card' },
      events: 1,
    });
    // dLocal retries until it gets a 2xx: the same notification again changes nothing.
    expect((await post(genuine)).statusCode).toBe(200);
    expect((await paymentState(t, started.paymentRef, bookingRef)).events).toBe(1);

    const cancelled = await t.call('cancel-booking', { ref: bookingRef }, buyer.token);
    expect(cancelled.body).toMatchObject({ refunded: true });
    const refund = api.fake.seen.filter((s) => s.path === '/refunds').at(-1);
    expect(JSON.parse(refund?.body ?? '{}')).toEqual({
      payment_id: payment.provider_payment_id,
      amount: 25000,
      currency: 'ARS',
    });
    expect((await paymentState(t, started.paymentRef, bookingRef)).payment).toBe('refunded');
  });

  it('a rejected payment is declined and the slot stays held for another try', async () => {
    const { bookingRef, started, payment } = await startPaying('2026-11-24T15:00:00.000Z');
    expect((await post(api.fake.settle(payment.provider_payment_id ?? '', 'REJECTED'))).statusCode).toBe(200);
    expect(await paymentState(t, started.paymentRef, bookingRef)).toMatchObject({
      payment: 'declined',
      booking: { state: 'held', pay: 0 },
    });
  });
});
