import { PassThrough } from 'node:stream';
import { payoutHoldingDays } from '@agendo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { sandboxSignatureHeader, signSandboxPayload } from '../../providers/payments/sandbox-provider.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { startFakeMercadoPago } from '../../test/fake-mercadopago-api.ts';
import { startFakePayPal } from '../../test/fake-paypal-api.ts';
import { holdAndStartPayment, paymentRow } from '../../test/payment-fixtures.ts';
import { saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runDuePayouts } from '../sales/payouts.service.ts';

// Issue 14: a professional's own gateway keys collect their card sales (spec 002 §4 provider
// choice, 'checked'). The real Mercado Pago and PayPal adapters talk over HTTP to local
// imitations that hold one account per key, so each test sees whose keys created, verified,
// captured and refunded a payment: the professional's, never the platform's.
const platformMp = { accessToken: 'APP_USR-platform-0001', webhookSecret: 'mp-platform-webhook-secret' };
const sellerMp = 'APP_USR-seller-secret-7f3a';
const sellerMpNew = 'APP_USR-seller-secret-new-9b2c';
const platformPayPal = {
  clientId: 'pp-platform',
  clientSecret: 'pp-platform-secret',
  webhookId: 'WH-PLATFORM',
};
const sellerPayPal = {
  clientId: 'pp-seller-client',
  clientSecret: 'pp-seller-secret-51d0',
  webhookId: 'WH-SELLER',
};

let fakeMp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let fakePp: Awaited<ReturnType<typeof startFakePayPal>>;
let logged = '';

beforeAll(async () => {
  fakeMp = await startFakeMercadoPago([platformMp.accessToken, sellerMp, sellerMpNew]);
  fakePp = await startFakePayPal(platformPayPal, { accounts: [sellerPayPal] });
});
afterAll(async () => {
  await fakeMp.close();
  await fakePp.close();
});
const logs = new PassThrough();
logs.on('data', (chunk: Buffer) => {
  logged += chunk.toString();
});
const t = useTestApp(
  () => ({
    logLevel: 'debug',
    payments: {
      sandboxSecret: defaultConfig().payments.sandboxSecret,
      sandboxOptIn: false,
      mercadopago: { ...platformMp, apiBase: fakeMp.base },
      paypal: { ...platformPayPal, apiBase: fakePp.base },
    },
    outbound: { allow: [fakeMp.base, fakePp.base] },
  }),
  { logStream: logs },
);

async function gatewayOf(userId: number, pasarela: 3 | 4) {
  return t.deps.db
    .selectFrom('seller_gateways')
    .select(['id', 'ref'])
    .where('user_id', '=', userId)
    .where('pasarela', '=', pasarela)
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
}

/** An Argentine professional who saved their own Mercado Pago keys (change-local-payments). */
async function sellerWithMercadoPago(accessToken = sellerMp) {
  const pro = await makeUser(t, { userType: 1, countryId: 5 });
  const saved = await t.call(
    'update-local-payments',
    { publicKey: 'APP_USR-public-4411', secretKey: accessToken },
    pro.token,
  );
  expect(saved.body).toMatchObject({ checked: true });
  return { pro, gateway: await gatewayOf(pro.id, 3) };
}

/** A local client holds a card-priced slot of `proId` and starts the card payment. */
async function startBooking(proId: number, startsAt: string) {
  const pub = await makePublication(t, proId, { price: 800000 });
  const client = await makeUser(t);
  return { client, ...(await holdAndStartPayment(t, pub.ref, client.token, startsAt)) };
}

const bookingRow = (ref: string) =>
  t.deps.db.selectFrom('bookings').select(['state', 'pay']).where('ref', '=', ref).executeTakeFirstOrThrow();

const preferenceOf = (paymentRef: string) => {
  const found = [...fakeMp.preferences.values()].find((p) => p.externalReference === paymentRef);
  if (!found) throw new Error(`no preference for ${paymentRef}`);
  return found;
};

function post(url: string, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

/** What Mercado Pago posts to the checkout's notification_url once the buyer paid. */
async function notifyPaid(paymentRef: string) {
  const preference = preferenceOf(paymentRef);
  const mpPaymentId = fakeMp.pay(preference.id);
  const res = await post(new URL(preference.notificationUrl).pathname, fakeMp.notification(mpPaymentId));
  return { res, mpPaymentId };
}

const firstSale = { saleId: 0, bookingRef: '' };

describe("a professional's own Mercado Pago keys", () => {
  it('create the checkout in their account, and only a notification their account confirms settles it', async () => {
    const { pro, gateway } = await sellerWithMercadoPago();
    const { held, started, payment, bookingRef } = await startBooking(pro.id, '2026-11-24T13:00:00.000Z');
    expect(held.provider).toBe('mercadopago');
    expect(started).toMatchObject({ provider: 'mercadopago', sandbox: false });
    expect(started.checkoutUrl).toMatch(/^https:\/\/www\.mercadopago\.test\//);
    expect(payment).toMatchObject({
      provider: 'mercadopago',
      seller_gateway_id: gateway.id,
      state: 'created',
    });
    // The preference was created with the professional's access token, not the platform's.
    const preference = preferenceOf(payment.ref);
    expect(preference.account).toBe(sellerMp);
    expect(preference.notificationUrl).toBe(
      `http://agendo.test/webhooks/payments/mercadopago/${gateway.ref}`,
    );

    const mpPaymentId = fakeMp.pay(preference.id);
    // Signed with the platform's webhook secret, at the platform's URL: the platform's account
    // does not know this payment, and nothing changes.
    const forged = await post(
      '/webhooks/payments/mercadopago',
      fakeMp.notification(mpPaymentId),
      fakeMp.signature(platformMp.webhookSecret, mpPaymentId, t.clock.now.getTime()),
    );
    expect(forged.statusCode).toBe(400);
    // At the professional's URL, a payment their account does not have is refused.
    const madeUp = await post(
      `/webhooks/payments/mercadopago/${gateway.ref}`,
      fakeMp.notification(999),
      fakeMp.signature(platformMp.webhookSecret, 999, t.clock.now.getTime()),
    );
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ reason: 'signature' });
    // An unknown account is no webhook address at all.
    expect((await post('/webhooks/payments/mercadopago/not-an-account', '{}')).statusCode).toBe(404);
    expect((await paymentRow(t, payment.ref)).state).toBe('created');
    expect(await bookingRow(bookingRef)).toMatchObject({ state: 'held', pay: 0 });

    // The notification Mercado Pago sends, read back with the professional's token.
    const genuine = await post(
      new URL(preference.notificationUrl).pathname,
      fakeMp.notification(mpPaymentId),
    );
    expect(genuine.json()).toEqual({ status: '200', result: 'applied' });
    expect((await paymentRow(t, payment.ref)).state).toBe('approved');
    expect(await bookingRow(bookingRef)).toMatchObject({ state: 'confirmed', pay: 1 });
    // Their money already: no commission (ledger rule commissionBpFor, ownGateway).
    expect(await saleRow(t, payment.sale_id)).toMatchObject({
      state: 'paid',
      method: 'card',
      own_gateway: 1,
      commission_bp: 0,
      commission_minor: 0,
    });
    const replay = await post(new URL(preference.notificationUrl).pathname, fakeMp.notification(mpPaymentId));
    expect(replay.json()).toMatchObject({ result: 'replay' });
    Object.assign(firstSale, { saleId: payment.sale_id, bookingRef });
  });

  it('refund through the keys that collected, even after the professional saved new ones', async () => {
    const { pro, gateway } = await sellerWithMercadoPago();
    const booked = await startBooking(pro.id, '2026-11-25T13:00:00.000Z');
    expect((await notifyPaid(booked.payment.ref)).res.json()).toMatchObject({ result: 'applied' });

    await t.call(
      'update-local-payments',
      { publicKey: 'APP_USR-public-5522', secretKey: sellerMpNew },
      pro.token,
    );
    const renewed = await gatewayOf(pro.id, 3);
    expect(renewed.id).not.toBe(gateway.id);
    // New checkouts use the new keys...
    const next = await startBooking(pro.id, '2026-11-25T15:00:00.000Z');
    expect(preferenceOf(next.payment.ref).account).toBe(sellerMpNew);
    expect(next.payment.seller_gateway_id).toBe(renewed.id);

    // ...and the earlier payment is paid back from the account it went into.
    const cancelled = await t.call('cancel-booking', { ref: booked.bookingRef }, booked.client.token);
    expect(cancelled.body).toMatchObject({ status: '200', refunded: true });
    const mpPaymentId = [...fakeMp.payments.values()].find(
      (p) => p.externalReference === booked.payment.ref,
    )?.id;
    expect(fakeMp.refunds.filter((r) => r.paymentId === mpPaymentId)).toEqual([
      expect.objectContaining({ account: sellerMp, amount: 8000 }),
    ]);
    expect((await paymentRow(t, booked.payment.ref)).state).toBe('refunded');
    expect((await saleRow(t, booked.payment.sale_id)).state).toBe('refunded');
  });
});

describe("a professional's own PayPal keys", () => {
  it('an international buyer pays into their PayPal: created, captured and refunded with their credentials', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 5 });
    await t.call(
      'update-global-payments',
      { publicKey: sellerPayPal.clientId, secretKey: sellerPayPal.clientSecret },
      pro.token,
    );
    const gateway = await gatewayOf(pro.id, 4);
    const pub = await makePublication(t, pro.id, { price_usd: 3000 });
    const buyer = await makeUser(t, { countryId: 28, timeZone: 'Europe/Madrid' });
    const { held, bookingRef, payment } = await holdAndStartPayment(
      t,
      pub.ref,
      buyer.token,
      '2026-11-26T13:00:00.000Z',
    );
    expect(held.provider).toBe('paypal');
    expect(payment).toMatchObject({ provider: 'paypal', seller_gateway_id: gateway.id });
    const order = payment.provider_payment_id ?? '';
    expect(fakePp.orders.get(order)?.owner).toBe(sellerPayPal.clientId);

    // PayPal sends the buyer back; our return step captures with the professional's credentials.
    const back = new URL(fakePp.approve(order));
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(303);
    expect(fakePp.capture(order)?.status).toBe('COMPLETED');
    expect(await saleRow(t, payment.sale_id)).toMatchObject({
      state: 'paid',
      own_gateway: 1,
      commission_minor: 0,
    });

    // A delivery genuinely signed for the platform's PayPal app says this capture was refunded:
    // verified with the platform's keys, it cannot touch a payment the professional's keys made.
    const capture = fakePp.capture(order);
    const platformSigned = fakePp.webhook('PAYMENT.CAPTURE.REFUNDED', { ...capture, status: 'REFUNDED' });
    const res = await post('/webhooks/payments/paypal', platformSigned.body, platformSigned.headers);
    expect(res.json()).toMatchObject({ result: 'unknown-payment' });
    // At the professional's URL the delivery is only a hint: the capture is read back with their
    // credentials, which say COMPLETED (already applied by the return step).
    const hint = await post(`/webhooks/payments/paypal/${gateway.ref}`, platformSigned.body);
    expect(hint.json()).toMatchObject({ result: 'replay' });
    expect((await paymentRow(t, payment.ref)).state).toBe('approved');

    const cancelled = await t.call('cancel-booking', { ref: bookingRef }, buyer.token);
    expect(cancelled.body).toMatchObject({ refunded: true });
    expect(fakePp.capture(order)?.status).toBe('REFUNDED');
    expect((await paymentRow(t, payment.ref)).state).toBe('refunded');
  });
});

describe('a professional without keys of their own', () => {
  it('is collected by the platform as before, and only the platform sale enters a payout', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 5 });
    const { held, started, payment } = await startBooking(pro.id, '2026-11-27T13:00:00.000Z');
    expect(held.provider).toBe('dlocal');
    expect(started).toMatchObject({ provider: 'dlocal', sandbox: true });
    expect(payment).toMatchObject({ provider: 'sandbox-dlocal', seller_gateway_id: null });
    const raw = JSON.stringify({
      id: 'evt_platform_sale',
      type: 'payment.approved',
      data: { paymentId: payment.provider_payment_id, paymentRef: payment.ref },
    });
    const signature = signSandboxPayload(
      t.config.payments.sandboxSecret,
      raw,
      Math.floor(t.clock.now.getTime() / 1000),
    );
    const paid = await post('/webhooks/payments/dlocal', raw, { [sandboxSignatureHeader]: signature });
    expect(paid.json()).toMatchObject({ result: 'applied' });
    expect(await saleRow(t, payment.sale_id)).toMatchObject({ own_gateway: 0, commission_bp: 1000 });

    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + (payoutHoldingDays + 1) * 86_400_000);
      await runDuePayouts(t.deps);
      expect((await saleRow(t, payment.sale_id)).payout_id).not.toBeNull();
      // Paid into the professional's own Mercado Pago: theirs already, never in a payout.
      expect(await saleRow(t, firstSale.saleId)).toMatchObject({ state: 'paid', payout_id: null });
    } finally {
      t.clock.now = start;
    }
  });
});

describe('the keys in clear', () => {
  it('never reach the logs', () => {
    // The log did record the refused webhooks above: it is the stream the app writes to.
    expect(logged).toContain('webhook rejected');
    for (const secret of [sellerMp, sellerMpNew, sellerPayPal.clientSecret]) {
      expect(logged).not.toContain(secret);
    }
  });
});
