import { freePlanRowId } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import {
  atPlanImitation,
  linkStripeCard,
  onPaidMonthly as onPaidMonthlyIn,
  subscriptionOf,
} from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/auth.service.ts';
import { runDuePlanCharges } from './plan-charges.service.ts';
import { runDuePreapprovalSyncs } from './plan-preapprovals.service.ts';
import { runDuePlanWork } from './plans.service.ts';

// What the professional's card is actually debited, day by day over the two months after a change
// of plan, as the providers' APIs (the imitation, over HTTP) report it: Mercado Pago's own debits
// of the preapproval and Stripe's payment intents. ADR 015: a period is paid once, a proration once.
// Each test has its own app so the calendar starts on 2026-11-22 12:00 UTC.
const t = useTestApp({}, {}, { perTest: true });

const dayMs = 86_400_000;
const today = () => t.clock.now.toISOString().slice(0, 10);
const signIn = (userId: number) => createSession(t.deps, userId, { ip: null, userAgent: 'test' });

async function cardOf(userId: number) {
  return t.deps.db
    .selectFrom('plan_cards')
    .select(['method_id', 'customer_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

type Debit = { date: string; amount: number };

/**
 * Mercado Pago's debits of the professional's preapproval (GET /authorized_payments/search), in
 * ARS. Looking is also what makes the imitation debit on the preapproval's own monthly date.
 */
async function mercadoPagoDebits(userId: number): Promise<Debit[]> {
  const { method_id } = await cardOf(userId);
  const body = (await atPlanImitation(
    t,
    `/authorized_payments/search?preapproval_id=${method_id}`,
    'mercadopago',
  )) as { results: { debit_date: string; transaction_amount: number; payment: { status: string } }[] };
  return body.results
    .filter((p) => p.payment.status === 'approved')
    .map((p) => ({ date: p.debit_date.slice(0, 10), amount: p.transaction_amount }));
}

/** Stripe's succeeded payment intents of the professional's customer (GET /v1/payment_intents), in cents. */
async function stripeDebits(userId: number): Promise<Debit[]> {
  const { customer_id } = await cardOf(userId);
  const body = (await atPlanImitation(t, `/v1/payment_intents?customer=${customer_id}`, 'stripe')) as {
    data: { created: number; amount: number; status: string }[];
  };
  return body.data
    .filter((pi) => pi.status === 'succeeded')
    .map((pi) => ({ date: new Date(pi.created * 1000).toISOString().slice(0, 10), amount: pi.amount }))
    .reverse();
}

/**
 * Lives `days` days one by one from today: each day Mercado Pago debits what is due on its own
 * schedule (the look), then our timed work runs as it does every minute in production.
 */
async function liveDays(days: number, look: () => Promise<Debit[]>) {
  for (let i = 0; i < days; i++) {
    await look();
    await runDuePlanWork(t.deps);
    await runDuePreapprovalSyncs(t.deps);
    await runDuePlanCharges(t.deps);
    t.clock.now = new Date(t.clock.now.getTime() + dayMs);
  }
}

const onPaidMonthly = (countryId: number, planId: 1 | 2) => onPaidMonthlyIn(t, countryId, planId);

async function linkMercadoPago(token: string) {
  const made = await t.call(
    'create-imitation-card-token',
    { cardNumber: '4242424242424242', expiry: '11/30', securityCode: '123', holder: 'APRO' },
    token,
  );
  const linked = await t.call('link-plan-suscription-mp', { cardTokenId: made.body.cardTokenId }, token);
  expect(linked.body).toMatchObject({ linked: true });
}

async function linkStripe(token: string) {
  const { submitted } = await linkStripeCard(t, token, '4242424242424242');
  expect(submitted.statusCode).toBe(200);
}

async function changeTo(userId: number, planId: 1 | 2 | 'free') {
  const token = await signIn(userId);
  let planSelected = freePlanRowId;
  if (planId !== 'free') {
    const grid = await t.call('find-plans', {}, token);
    planSelected = grid.body.plans.find(
      (p: { plan_id: number; duration: number }) => p.plan_id === planId && p.duration === 30,
    ).id;
  }
  const changed = await t.call('change-plan', { planSelected }, token);
  expect(changed.statusCode).toBe(200);
  return changed.body as { prorrateo: number };
}

async function ourCharges(userId: number) {
  return t.deps.db
    .selectFrom('plan_charges')
    .select(['amount_minor', 'state', 'provider_charge_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function paymentBlocked(userId: number) {
  return (await subscriptionOf(t, userId)).payment_blocked;
}

/** The new period and its renewal in our books, each read back from its own debit; never blocked. */
async function expectTwoPaidPeriods(userId: number) {
  const charges = await ourCharges(userId);
  expect(charges.map((c) => [c.amount_minor, c.state])).toEqual([
    [19_999_00, 'approved'],
    [19_999_00, 'approved'],
  ]);
  expect(charges[0]?.provider_charge_id).not.toBe(charges[1]?.provider_charge_id);
  expect(await paymentBlocked(userId)).toBe(0);
}

describe('Mercado Pago: what the card is debited over the two months after a change', () => {
  it('free → monthly Profesional (19 999 ARS): 19 999 when it starts, 19 999 a month later, never twice', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    expect(await mercadoPagoDebits(pro.id)).toEqual([{ date: '2026-11-22', amount: 9_999 }]);
    await changeTo(pro.id, 'free');
    // Over a month on the free plan: the paused preapproval debits nothing (its 22 December passes).
    await liveDays(36, () => mercadoPagoDebits(pro.id));
    expect(await mercadoPagoDebits(pro.id)).toHaveLength(1);

    expect(today()).toBe('2026-12-28');
    const changed = await changeTo(pro.id, 2);
    expect(changed.prorrateo).toBe(19_999_00);
    await liveDays(60, () => mercadoPagoDebits(pro.id));

    expect((await mercadoPagoDebits(pro.id)).slice(1)).toEqual([
      { date: '2026-12-28', amount: 19_999 },
      { date: '2027-01-28', amount: 19_999 },
    ]);
    // Our books: the new period and its renewal, nothing left owing.
    await expectTwoPaidPeriods(pro.id);
  });

  it('back on a monthly plan 10 days after leaving one: paid by Mercado Pago’s own next debit, once, never blocked', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    expect(await mercadoPagoDebits(pro.id)).toEqual([{ date: '2026-11-22', amount: 9_999 }]);
    await changeTo(pro.id, 'free');
    await liveDays(10, () => mercadoPagoDebits(pro.id));
    await changeTo(pro.id, 2);
    await liveDays(60, () => mercadoPagoDebits(pro.id));

    // The preapproval keeps its date (the 22nd): the new period waits for that debit.
    expect(await mercadoPagoDebits(pro.id)).toEqual([
      { date: '2026-11-22', amount: 9_999 },
      { date: '2026-12-22', amount: 19_999 },
      { date: '2027-01-22', amount: 19_999 },
    ]);
    await expectTwoPaidPeriods(pro.id);
  });

  it('monthly Inicial → Profesional on day 12: the proration once on the next debit, then Profesional’s price', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    await liveDays(12, () => mercadoPagoDebits(pro.id));
    expect(today()).toBe('2026-12-04');
    const changed = await changeTo(pro.id, 2);
    // (19 999 − 9 999) ARS × 18 days left / 30.
    expect(changed.prorrateo).toBe(6_000_00);
    await liveDays(60, () => mercadoPagoDebits(pro.id));

    expect(await mercadoPagoDebits(pro.id)).toEqual([
      { date: '2026-11-22', amount: 9_999 },
      { date: '2026-12-22', amount: 19_999 + 6_000 },
      { date: '2027-01-22', amount: 19_999 },
    ]);
    expect(await paymentBlocked(pro.id)).toBe(0);
  });
});

describe('Stripe: what the card is debited over the two months after a change', () => {
  it('free → monthly Profesional (19.99 USD): 19.99 when it starts and 19.99 when it renews, 30 days later', async () => {
    const pro = await onPaidMonthly(55, 1);
    await linkStripe(pro.token);
    await changeTo(pro.id, 'free');
    await liveDays(36, () => stripeDebits(pro.id));
    expect(await stripeDebits(pro.id)).toEqual([]);

    const changed = await changeTo(pro.id, 2);
    expect(changed.prorrateo).toBe(1_999);
    await liveDays(60, () => stripeDebits(pro.id));

    expect(await stripeDebits(pro.id)).toEqual([
      { date: '2026-12-28', amount: 1_999 },
      { date: '2027-01-27', amount: 1_999 },
    ]);
    expect(await paymentBlocked(pro.id)).toBe(0);
  });

  it('monthly Inicial → Profesional on day 12: the proration at once, then Profesional’s price each renewal', async () => {
    const pro = await onPaidMonthly(55, 1);
    await linkStripe(pro.token);
    await liveDays(12, () => stripeDebits(pro.id));
    const changed = await changeTo(pro.id, 2);
    // (19.99 − 9.99) USD × 18 days left / 30.
    expect(changed.prorrateo).toBe(600);
    await liveDays(60, () => stripeDebits(pro.id));

    expect(await stripeDebits(pro.id)).toEqual([
      { date: '2026-12-04', amount: 600 },
      { date: '2026-12-22', amount: 1_999 },
      { date: '2027-01-21', amount: 1_999 },
    ]);
  });
});
