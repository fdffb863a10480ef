import { describe, expect, it } from 'vitest';
import { sandboxSignatureHeader, signSandboxPayload } from '../../providers/payments/sandbox-provider.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { makeCourse, ok } from '../../test/course-fixtures.ts';
import { holdAndStartPayment, paymentRow, payOnSandboxPage } from '../../test/payment-fixtures.ts';
import { debtOf, saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Offline (the demo, development): no provider has platform keys, so the sandbox imitates the
// professional's own account too, and signs its webhooks with their secret key. A webhook signed
// with the platform's sandbox secret is no proof for a payment of their account.
const sellerSecret = 'APP_USR-demo-seller-secret-31f8';

const t = useTestApp();

async function sellerWithKeys() {
  const pro = await makeUser(t, { userType: 1, countryId: 5 });
  await t.call(
    'update-local-payments',
    { publicKey: 'APP_USR-public-0042', secretKey: sellerSecret },
    pro.token,
  );
  const gateway = await t.deps.db
    .selectFrom('seller_gateways')
    .select(['id', 'ref'])
    .where('user_id', '=', pro.id)
    .executeTakeFirstOrThrow();
  return { pro, gateway };
}

function webhook(url: string, payment: { ref: string; provider_payment_id: string | null }, secret: string) {
  const raw = JSON.stringify({
    id: `evt_${payment.ref}_${secret.length}`,
    type: 'payment.approved',
    data: { paymentId: payment.provider_payment_id, paymentRef: payment.ref },
  });
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: signSandboxPayload(secret, raw, Math.floor(t.clock.now.getTime() / 1000)),
    },
    payload: raw,
  });
}

describe("a professional's own keys in the sandbox", () => {
  it("a booking goes to their imitated account; only their secret's signature settles it; the refund uses it too", async () => {
    const { pro, gateway } = await sellerWithKeys();
    const pub = await makePublication(t, pro.id, { price: 800000 });
    const client = await makeUser(t);
    const { held, bookingRef, started, payment } = await holdAndStartPayment(
      t,
      pub.ref,
      client.token,
      '2026-11-24T13:00:00.000Z',
    );
    expect(held.provider).toBe('mercadopago');
    expect(started).toMatchObject({ provider: 'mercadopago', sandbox: true });
    expect(payment).toMatchObject({ provider: 'sandbox-mercadopago', seller_gateway_id: gateway.id });

    const platformSecret = t.config.payments.sandboxSecret;
    const atTheirUrl = await webhook(
      `/webhooks/payments/mercadopago/${gateway.ref}`,
      payment,
      platformSecret,
    );
    expect(atTheirUrl.statusCode).toBe(400);
    expect(atTheirUrl.json()).toMatchObject({ reason: 'signature' });
    const atThePlatformUrl = await webhook('/webhooks/payments/mercadopago', payment, platformSecret);
    expect(atThePlatformUrl.json()).toMatchObject({ result: 'unknown-payment' });
    expect((await paymentRow(t, payment.ref)).state).toBe('created');

    const theirs = await webhook(`/webhooks/payments/mercadopago/${gateway.ref}`, payment, sellerSecret);
    expect(theirs.json()).toEqual({ status: '200', result: 'applied' });
    expect(await saleRow(t, payment.sale_id)).toMatchObject({
      state: 'paid',
      own_gateway: 1,
      commission_minor: 0,
    });

    const cancelled = await t.call('cancel-booking', { ref: bookingRef }, client.token);
    expect(cancelled.body).toMatchObject({ refunded: true });
    const refund = await t.deps.db
      .selectFrom('payment_refunds')
      .select(['state', 'provider_refund_id'])
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ state: 'done', provider_refund_id: `sbx_refund_${payment.ref}` });
  });

  it("a module bought by card goes to their account, and the sandbox's hosted page settles it with their secret", async () => {
    const { pro, gateway } = await sellerWithKeys();
    const course = await makeCourse(t, pro.token);
    const buyer = await makeUser(t);
    const cart = await ok(t, 'find-module-cart', { moduleId: course.module2Ref }, buyer.token);
    expect(cart.cart.provider).toBe('mercadopago');
    const temp = await ok(t, 'save-temp-sales-modules', { moduleId: course.module2Ref }, buyer.token);
    const started = await ok(t, 'start-module-payment', { tempBook: temp.bookRef }, buyer.token);
    const payment = await paymentRow(t, started.paymentRef);
    expect(payment.seller_gateway_id).toBe(gateway.id);

    const page = await payOnSandboxPage(t, `/sandbox-checkout/mercadopago/${payment.ref}`);
    expect(page.statusCode).toBe(200);
    expect((await paymentRow(t, payment.ref)).state).toBe('approved');
    expect(await saleRow(t, payment.sale_id)).toMatchObject({ state: 'paid', own_gateway: 1 });
    const events = await t.deps.db
      .selectFrom('payment_events')
      .select('provider')
      .where('payment_id', '=', payment.id)
      .execute();
    expect(events).toEqual([{ provider: `sandbox-mercadopago#${gateway.id}` }]);
  });

  it('a balance paid by card goes to their account too, and pays the debt', async () => {
    const { pro, gateway } = await sellerWithKeys();
    const client = await makeUser(t);
    const debt = await debtOf(t, pro, client, 10_000, { at: '2026-11-01T10:00:00.000Z' });

    const started = await t.call(
      'start-balance-payment',
      { mode: 2, balanceOfUser: pro.ref, currency: 'ARS', amount: 10_000 },
      client.token,
    );
    expect(started.body).toMatchObject({ provider: 'mercadopago', sandbox: true });
    const payment = await paymentRow(t, started.body.paymentRef);
    expect(payment.seller_gateway_id).toBe(gateway.id);

    expect((await payOnSandboxPage(t, `/sandbox-checkout/mercadopago/${payment.ref}`)).statusCode).toBe(200);
    expect(await saleRow(t, payment.sale_id)).toMatchObject({
      state: 'paid',
      own_gateway: 1,
      commission_minor: 0,
    });
    expect((await saleRow(t, debt.id)).state).toBe('paid');
  });
});
