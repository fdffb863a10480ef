import { expect } from 'vitest';
import { runDuePlanCharges } from '../modules/plans/plan-charges.service.ts';
import {
  imitationMercadoPagoToken,
  imitationStripeKeys,
} from '../providers/plan-billing/plan-billing-imitation.ts';
import { makeUser } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

const dayMs = 86_400_000;

/**
 * A professional past the trial on `planId` monthly, its period starting now, as the renewal would
 * leave them, with no card yet (the fixtures' accounts come with one).
 */
export async function onPaidMonthly(t: TestApp, countryId: number, planId: 1 | 2 | 3 = 1) {
  const pro = await makeUser(t, { userType: 1, countryId });
  await t.call('find-my-plan', {}, pro.token);
  const now = t.clock.now.toISOString();
  const end = new Date(t.clock.now.getTime() + 30 * dayMs).toISOString();
  await t.deps.db
    .updateTable('plan_subscriptions')
    .set({ plan_id: planId, trial_done: 1, duration: 30, period_start: now, period_end: end })
    .set({ cycle_start: now, cycle_end: end })
    .where('user_id', '=', pro.id)
    .execute();
  await t.deps.db
    .updateTable('users')
    .set({ user_plan: planId, card_added: 0 })
    .where('id', '=', pro.id)
    .execute();
  return pro;
}

/**
 * Puts a professional past the trial on plan 3 (the one with workshops, issue 16) for `days`
 * from now, as a paid subscription would.
 */
export async function onWorkshopPlan(t: TestApp, pro: { id: number; token: string }, days = 30) {
  await t.call('find-my-plan', {}, pro.token);
  await t.deps.db
    .updateTable('plan_subscriptions')
    .set({
      plan_id: 3,
      trial_done: 1,
      period_start: t.clock.now.toISOString(),
      period_end: new Date(t.clock.now.getTime() + days * dayMs).toISOString(),
    })
    .where('user_id', '=', pro.id)
    .execute();
  await t.deps.db.updateTable('users').set({ user_plan: 3 }).where('id', '=', pro.id).execute();
  return pro;
}

/**
 * Pays the monthly plan an Argentine professional chose on the free plan as she does (issue 34):
 * she links a card (Mercado Pago's preapproval) and its first charge, read back by the plans'
 * timed work, starts the plan.
 */
export async function payChosenPlanWithCard(t: TestApp, token: string) {
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '11/30', securityCode: '123', holder: 'APRO' };
  const { cardTokenId } = (await t.call('create-imitation-card-token', card, token)).body;
  expect((await t.call('link-plan-suscription-mp', { cardTokenId }, token)).body.linked).toBe(true);
  await runDuePlanCharges(t.deps);
}

/** Links a Stripe card the way a professional does: the action, the hosted page, its webhook. */
export async function linkStripeCard(t: TestApp, token: string, number: string) {
  const started = await t.call('link-plan-suscription-st', {}, token);
  expect(started.statusCode).toBe(200);
  expect(started.body.url).toBe(`/sandbox-plan-card/stripe/${started.body.link}`);
  const page = await t.app.inject({ method: 'GET', url: started.body.url });
  expect(page.body).toContain('Guardar tarjeta');
  const submitted = await t.app.inject({
    method: 'POST',
    url: started.body.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/30', cvc: '123', holder: 'Ana Prueba' }).toString(),
  });
  return { session: started.body.link as string, submitted };
}

/** What the plan-card imitation answers a GET of `path`, with the provider's own credentials. */
export async function atPlanImitation(t: TestApp, path: string, provider: 'mercadopago' | 'stripe') {
  const imitation = t.deps.planCards.imitation;
  if (!imitation) throw new Error('the test app runs the imitation');
  const key = provider === 'stripe' ? imitationStripeKeys.secretKey : imitationMercadoPagoToken;
  const res = await fetch(`${(await imitation.endpoints()).base}${path}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The professional's plan subscription as stored. */
export const subscriptionOf = (t: TestApp, userId: number) =>
  t.deps.db
    .selectFrom('plan_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** What the account row mirrors of the plan: its plan, the quota block and whether a card is linked. */
export const planMirrorOf = (t: TestApp, userId: number) =>
  t.deps.db
    .selectFrom('users')
    .select(['user_plan', 'block_use', 'card_added'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
