import { DELETION_CONFIRM_WORD } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { payOnSandboxPage } from '../../test/payment-fixtures.ts';
import { atPlanImitation, linkStripeCard, onPaidMonthly } from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runDueBookingWork } from '../bookings/booking-sweeps.ts';
import { runDueRefunds } from '../payments/refunds.service.ts';
import { runDuePlanCharges } from '../plans/plan-charges.service.ts';
import { runDuePreapprovalSyncs } from '../plans/plan-preapprovals.service.ts';
import { runDuePlanWork } from '../plans/plans.service.ts';

// issue 27: closing an account ends its whole life, each slice's part (deps.accountClosing),
// checked from outside: over HTTP, and at the providers' imitations the real adapters talk to.
// The first test's calendar starts on 2026-11-22 12:00 UTC; each one lives 60 days further.
const t = useTestApp();

const dayMs = 86_400_000;
const password = 'correct horse battery';

/** Mercado Pago's approved debits of a preapproval; looking is what makes the imitation debit. */
async function mercadoPagoDebits(preapprovalId: string) {
  const body = (
    await atPlanImitation(t, `/authorized_payments/search?preapproval_id=${preapprovalId}`, 'mercadopago')
  ).results as { debit_date: string; payment: { status: string } }[];
  return body.filter((p) => p.payment.status === 'approved').map((p) => p.debit_date.slice(0, 10));
}

/** Every timed work the server runs, day by day, with Mercado Pago debiting on its own dates. */
async function liveDays(days: number, look: () => Promise<unknown>) {
  for (let i = 0; i < days; i++) {
    t.clock.now = new Date(t.clock.now.getTime() + dayMs);
    await look();
    await runDuePlanWork(t.deps);
    await runDuePreapprovalSyncs(t.deps);
    await runDuePlanCharges(t.deps);
    await runDueRefunds(t.deps);
    await runDueBookingWork(t.deps);
  }
}

/** The account can confirm its deletion with `password`. */
async function withPassword<T extends { id: number }>(user: T): Promise<T> {
  await t.deps.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(t.config, password) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** A professional on a monthly paid plan who can sign in with `password`. */
const professional = async (countryId: number) => withPassword(await onPaidMonthly(t, countryId, 1));

async function deleteAccount(token: string) {
  const res = await t.call(
    'request-account-deletion',
    { userPassword: password, confirmation: DELETION_CONFIRM_WORD },
    token,
  );
  expect(res.statusCode).toBe(200);
}

/** A client's appointment with the professional, paid by card on the sandbox's hosted page. */
async function paidBooking(
  proId: number,
  startsAt: string,
  client: { id: number; token: string; email: string } | null = null,
) {
  const pub = await makePublication(t, proId, { price: 800000 });
  client ??= await makeUser(t);
  const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, client.token);
  const bookingRef: string = held.body.booking.tempBookId;
  const started = await t.call('start-payment', { ref: bookingRef }, client.token);
  const paid = await payOnSandboxPage(t, started.body.checkoutUrl);
  expect(paid.statusCode).toBeLessThan(400);
  return { client, bookingRef, paymentRef: started.body.paymentRef as string };
}

const bookingOf = (ref: string) =>
  t.deps.db
    .selectFrom('bookings')
    .select(['state', 'pay', 'cancelled_by'])
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();

const refundsOf = (paymentRef: string) =>
  t.deps.db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .select(['payment_refunds.state', 'payment_refunds.amount_minor'])
    .where('payments.ref', '=', paymentRef)
    .execute();

describe('closing a professional’s account', () => {
  it('with a Mercado Pago plan: the preapproval is cancelled and debits nothing, her clients are refunded, her feed and keys stop working', async () => {
    const pro = await professional(5);
    const token = await t.call(
      'create-imitation-card-token',
      { cardNumber: '4242424242424242', expiry: '11/30', securityCode: '123', holder: 'APRO' },
      pro.token,
    );
    const linked = await t.call(
      'link-plan-suscription-mp',
      { cardTokenId: token.body.cardTokenId },
      pro.token,
    );
    expect(linked.body).toMatchObject({ linked: true });
    const { method_id: preapprovalId } = await t.deps.db
      .selectFrom('plan_cards')
      .select('method_id')
      .where('user_id', '=', pro.id)
      .executeTakeFirstOrThrow();
    if (!preapprovalId) throw new Error('no preapproval');
    expect(await mercadoPagoDebits(preapprovalId)).toEqual(['2026-11-22']);

    // Her own Mercado Pago account collects her clients' payments.
    await t.call(
      'update-local-payments',
      { publicKey: 'APP_USR-public-0042', secretKey: 'APP_USR-own-secret-0042' },
      pro.token,
    );
    const first = await paidBooking(pro.id, '2026-11-30T13:00:00.000Z');
    const second = await paidBooking(pro.id, '2026-12-02T14:00:00.000Z');
    for (const { bookingRef } of [first, second]) {
      expect(await bookingOf(bookingRef)).toMatchObject({ state: 'confirmed', pay: 1 });
    }
    const feedUrl = new URL((await t.call('find-calendar-feed', {}, pro.token)).body.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(200);

    await deleteAccount(pro.token);
    await liveDays(60, () => mercadoPagoDebits(preapprovalId));

    // Mercado Pago: cancelled at the provider, nothing debited in the two months after.
    expect((await atPlanImitation(t, `/preapproval/${preapprovalId}`, 'mercadopago')).status).toBe(
      'cancelled',
    );
    expect(await mercadoPagoDebits(preapprovalId)).toEqual(['2026-11-22']);
    expect(
      await t.deps.db.selectFrom('plan_charges').select('id').where('user_id', '=', pro.id).execute(),
    ).toEqual([]);

    // Her clients: cancelled by her, refunded in full, told by mail.
    for (const { client, bookingRef, paymentRef } of [first, second]) {
      expect(await bookingOf(bookingRef)).toMatchObject({ state: 'cancelled', cancelled_by: pro.id });
      expect(await refundsOf(paymentRef)).toEqual([{ state: 'done', amount_minor: 800000 }]);
      const mail = await t.lastMailTo(client.email);
      expect(mail?.subject).toMatch(/^Cita cancelada/);
    }

    // Her feed, her gateway keys and her sessions are dead.
    expect((await t.app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(404);
    const keys = await t.deps.db
      .selectFrom('seller_gateways')
      .select('retired_at')
      .where('user_id', '=', pro.id)
      .execute();
    expect(keys).toHaveLength(1);
    expect(keys.every((k) => k.retired_at !== null)).toBe(true);
    expect((await t.call('find-my-plan', {}, pro.token)).statusCode).toBe(401);
  });

  it('with a Stripe card: the customer is deleted at Stripe with its card, and nothing is charged afterwards', async () => {
    const pro = await professional(55);
    const { submitted } = await linkStripeCard(t, pro.token, '4242424242424242');
    expect(submitted.statusCode).toBe(200);
    const { customer_id: customerId } = await t.deps.db
      .selectFrom('plan_cards')
      .select('customer_id')
      .where('user_id', '=', pro.id)
      .executeTakeFirstOrThrow();
    expect(await atPlanImitation(t, `/v1/customers/${customerId}`, 'stripe')).toMatchObject({
      id: customerId,
    });
    const intents = async () =>
      ((await atPlanImitation(t, `/v1/payment_intents?customer=${customerId}`, 'stripe')).data as unknown[])
        .length;
    const before = await intents();

    await deleteAccount(pro.token);
    await liveDays(60, async () => {});

    expect(await atPlanImitation(t, `/v1/customers/${customerId}`, 'stripe')).toMatchObject({
      id: customerId,
      deleted: true,
    });
    expect(await intents()).toBe(before);
  });
});

describe('closing a client’s account', () => {
  it('cancels her upcoming appointments as she would, refunded, and tells the professional', async () => {
    const client = await withPassword(await makeUser(t));
    const pro = await makeUser(t, { userType: 1, countryId: 5 });
    const startsAt = new Date(t.clock.now.getTime() + 3 * dayMs);
    startsAt.setUTCHours(13, 0, 0, 0);
    const { bookingRef, paymentRef } = await paidBooking(pro.id, startsAt.toISOString(), client);
    expect(await bookingOf(bookingRef)).toMatchObject({ state: 'confirmed', pay: 1 });

    await deleteAccount(client.token);

    expect(await bookingOf(bookingRef)).toMatchObject({ state: 'cancelled', cancelled_by: client.id });
    expect(await refundsOf(paymentRef)).toEqual([{ state: 'done', amount_minor: 800000 }]);
    expect((await t.lastMailTo(pro.email))?.subject).toMatch(/^Cita cancelada/);
  });
});
