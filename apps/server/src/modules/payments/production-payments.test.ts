import { PassThrough } from 'node:stream';
import { routes } from '@agendo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type AppConfig, defaultConfig } from '../../config.ts';
import {
  sandboxCards,
  sandboxSignatureHeader,
  signSandboxPayload,
} from '../../providers/payments/sandbox-provider.ts';
import { startCardPayment } from '../../test/booking-fixtures.ts';
import { startFakeDLocal } from '../../test/fake-dlocal-api.ts';
import { outboundTo } from '../../test/outbound-fixtures.ts';
import { startTestApp, type TestApp, useTestApp } from '../../test/test-app.ts';

const dlocalKeys = { login: 'login', transKey: 'trans', secretKey: 'dlocal-fake' };
const productionKeys: AppConfig['payments'] = {
  sandboxSecret: defaultConfig().payments.sandboxSecret,
  sandboxOptIn: false,
  stripe: { secretKey: 'sk_live_fake', webhookSecret: 'whsec_fake', planWebhookSecret: 'whsec_plan_fake' },
  mercadopago: { accessToken: 'APP_USR-fake', webhookSecret: 'mp-fake' },
  dlocal: dlocalKeys,
  paypal: { clientId: 'client', clientSecret: 'paypal-fake', webhookId: 'WH-fake' },
};

/** The sandbox's hosted page for dLocal, submitted with the card that approves in development. */
const payWithTestCard = (t: TestApp, paymentRef: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/dlocal/${paymentRef}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: sandboxCards.approve,
      expiry: '12/30',
      cvc: '123',
      holder: 'Ana',
    }).toString(),
  });

// Acceptance of issue 12: "with real keys it starts without any sandbox reachable".
describe('production with real keys for every provider', () => {
  let paymentRef: string;
  let bookingRef: string;

  let fakeDLocal: Awaited<ReturnType<typeof startFakeDLocal>>;

  // Every adapter real; dLocal (which serves this Argentine booking) talks to its local imitation.
  beforeAll(async () => {
    fakeDLocal = await startFakeDLocal(dlocalKeys);
  });
  afterAll(() => fakeDLocal.close());
  // Production ignores any allow-list: the test hands the app a client that reaches the fake.
  const t = useTestApp(
    () => ({
      env: 'production',
      payments: { ...productionKeys, dlocal: { ...dlocalKeys, apiBase: fakeDLocal.base } },
    }),
    () => ({ outbound: outboundTo(fakeDLocal.base) }),
  );
  beforeAll(async () => {
    const started = await startCardPayment(t);
    expect(started.started).toMatchObject({ provider: 'dlocal', sandbox: false });
    ({ bookingRef, paymentRef } = started);
  });

  it('uses no sandbox adapter', () => {
    expect(Object.values(t.deps.payments).map((p) => p.sandbox)).toEqual([false, false, false, false]);
  });

  it('serves no sandbox checkout page, not even for a payment the sandbox once created', async () => {
    // A payment left from a time the sandbox served this provider (before the keys were set).
    await t.deps.db
      .updateTable('payments')
      .set({ provider: 'sandbox-dlocal' })
      .where('ref', '=', paymentRef)
      .execute();
    // Issue 27: the development plugin is not registered at all; the paths are unknown.
    expect(t.app.hasRoute({ method: 'POST', url: routes.sandboxCheckoutPay.path })).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-checkout/dlocal/${paymentRef}` });
    expect(page.statusCode).toBe(404);
    const paid = await payWithTestCard(t, paymentRef);
    expect(paid.statusCode).toBe(404);
    const script = await t.app.inject({ method: 'GET', url: '/sandbox-checkout/return.js' });
    expect(script.statusCode).toBe(404);
  });

  it('accepts no webhook signed with the published sandbox secret, for any provider', async () => {
    await t.deps.db
      .updateTable('payments')
      .set({ provider: 'dlocal' })
      .where('ref', '=', paymentRef)
      .execute();
    const { provider_payment_id: providerPaymentId } = await t.deps.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('ref', '=', paymentRef)
      .executeTakeFirstOrThrow();
    for (const provider of ['dlocal', 'stripe', 'mercadopago', 'paypal']) {
      const raw = JSON.stringify({
        id: `evt_forged_${provider}`,
        type: 'payment.approved',
        data: { paymentId: providerPaymentId, paymentRef },
      });
      const forged = signSandboxPayload(
        defaultConfig().payments.sandboxSecret,
        raw,
        Math.floor(t.clock.now.getTime() / 1000),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/webhooks/payments/${provider}`,
        headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: forged },
        payload: raw,
      });
      expect(res.statusCode).toBe(400);
    }
    const booking = await t.deps.db
      .selectFrom('bookings')
      .select(['state', 'pay'])
      .where('ref', '=', bookingRef)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ state: 'held', pay: 0 });
  });
});

describe('production without keys', () => {
  it('never falls back to the sandbox silently', async () => {
    const config = defaultConfig({
      env: 'production',
      sqliteFile: ':memory:',
      logLevel: 'silent',
      payments: { ...productionKeys, paypal: undefined },
    });
    await expect(buildApp(config)).rejects.toThrow(/paypal/);
  });

  it('with PAYMENTS_SANDBOX=1 serves the unkeyed providers from the sandbox and says so loudly', async () => {
    const logs = new PassThrough();
    let logged = '';
    logs.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
    });
    const t = await startTestApp(
      {
        env: 'production',
        logLevel: 'warn',
        payments: { ...productionKeys, sandboxOptIn: true, dlocal: undefined, paypal: undefined },
      },
      { logStream: logs },
    );
    try {
      expect(t.deps.payments.dlocal.sandbox).toBe(true);
      expect(t.deps.payments.paypal.sandbox).toBe(true);
      expect(t.deps.payments.stripe.sandbox).toBe(false);
      const warning = logged.split('\n').find((line) => line.includes('PAYMENTS_SANDBOX=1'));
      expect(warning).toContain('dlocal, paypal');
      expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40, sandboxed: ['dlocal', 'paypal'] });
      // The development plugin registers the sandbox's pages (not the mailbox), and only the
      // sandboxed providers have one.
      expect(t.app.hasRoute({ method: 'GET', url: routes.sandboxCheckoutPage.path })).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: routes.devMailbox.path })).toBe(false);
      const stripePage = await t.app.inject({ method: 'GET', url: '/sandbox-checkout/stripe/abc' });
      expect(stripePage.statusCode).toBe(404);
      const script = await t.app.inject({ method: 'GET', url: '/sandbox-checkout/return.js' });
      expect(script.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  // Issue 28: the opt-in shows the imitation's page, but its test card is never money.
  it('with PAYMENTS_SANDBOX=1 the test card approves nothing, nor does a webhook the sandbox signs', async () => {
    const t = await startTestApp({
      env: 'production',
      payments: { ...productionKeys, sandboxOptIn: true, dlocal: undefined },
    });
    try {
      const { started, bookingRef, paymentRef } = await startCardPayment(t);
      expect(started).toMatchObject({ provider: 'dlocal', sandbox: true });
      const page = await payWithTestCard(t, paymentRef);
      expect(page.body).toContain('en producción la tarjeta de prueba no aprueba pagos reales');
      const payment = await t.deps.db
        .selectFrom('payments')
        .select(['state', 'provider_payment_id'])
        .where('ref', '=', paymentRef)
        .executeTakeFirstOrThrow();
      expect(payment.state).toBe('declined');

      const raw = JSON.stringify({
        id: 'evt_signed_approval',
        type: 'payment.approved',
        data: { paymentId: payment.provider_payment_id, paymentRef },
      });
      const signed = signSandboxPayload(
        t.config.payments.sandboxSecret,
        raw,
        Math.floor(t.clock.now.getTime() / 1000),
      );
      await t.app.inject({
        method: 'POST',
        url: '/webhooks/payments/dlocal',
        headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signed },
        payload: raw,
      });
      const booking = await t.deps.db
        .selectFrom('bookings')
        .select(['state', 'pay'])
        .where('ref', '=', bookingRef)
        .executeTakeFirstOrThrow();
      expect(booking.pay).toBe(0);
      expect(booking.state).not.toBe('confirmed');
    } finally {
      await t.close();
    }
  });
});
