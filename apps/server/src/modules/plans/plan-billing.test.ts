import { freePlanId, freePlanRowId, planPaymentFailedMessage } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { imitationMercadoPagoToken } from '../../providers/plan-billing/plan-billing-imitation.ts';
import { makeUser } from '../../test/booking-fixtures.ts';
import {
  linkStripeCard as linkStripeCardIn,
  onPaidMonthly as onPaidMonthlyIn,
  planMirrorOf,
  subscriptionOf,
} from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/auth.service.ts';
import { runDuePlanCharges } from './plan-charges.service.ts';
import { runDuePreapprovalSyncs } from './plan-preapprovals.service.ts';
import { runDuePlanWork } from './plans.service.ts';

// Issue 16: the plan's card and charges, through the real adapters talking over HTTP to the
// offline imitation of Stripe and Mercado Pago (no mocks), on a moved clock.
const t = useTestApp();

const dayMs = 86_400_000;
const moveClock = (days: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + days * dayMs);
};
const signIn = (userId: number) => createSession(t.deps, userId, { ip: null, userAgent: 'test' });
const subscription = (userId: number) => subscriptionOf(t, userId);
const account = (userId: number) => planMirrorOf(t, userId);
const charges = (userId: number) =>
  t.deps.db.selectFrom('plan_charges').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const onPaidMonthly = (countryId: number, planId: 1 | 2 | 3 = 1) => onPaidMonthlyIn(t, countryId, planId);
const linkStripeCard = (token: string, number: string) => linkStripeCardIn(t, token, number);

describe('card linking (Stripe Checkout in setup mode, through the imitation over HTTP)', () => {
  it('saves the card from the hosted page and its signed webhook; a replay changes nothing', async () => {
    const pro = await onPaidMonthly(55);
    const before = await t.call('find-my-plan', {}, pro.token);
    expect(before.body.billing).toMatchObject({ cardProvider: 'stripe', linkCard: true, card: null });

    const { submitted } = await linkStripeCard(pro.token, '4242 4242 4242 4242');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Tarjeta guardada.');
    const after = await t.call('find-my-plan', {}, pro.token);
    expect(after.body.billing).toMatchObject({
      linkCard: false,
      card: { state: 'linked', lastFour: '4242' },
    });
    expect(after.body.card_added).toBe(1);
    const card = await t.deps.db
      .selectFrom('plan_cards')
      .selectAll()
      .where('user_id', '=', pro.id)
      .executeTakeFirstOrThrow();
    expect(card.method_id).toMatch(/^pm_/);
    expect(card.customer_id).toMatch(/^cus_/);
  });

  it('refuses a declined card on the hosted page and keeps the link pending', async () => {
    const pro = await onPaidMonthly(55);
    const { submitted } = await linkStripeCard(pro.token, '4000 0000 0000 0002');
    expect(submitted.statusCode).toBe(400);
    expect(submitted.body).toContain('La tarjeta fue rechazada. Prueba con otra tarjeta.');
    expect((await account(pro.id)).card_added).toBe(0);
  });

  it('applies a webhook once: the same signed event again answers replay; a forged one is refused', async () => {
    const pro = await onPaidMonthly(55);
    const started = await t.call('link-plan-suscription-st', {}, pro.token);
    const imitation = t.deps.planCards.imitation;
    if (!imitation) throw new Error('the test app runs the imitation');
    const done = imitation.completeSetup(started.body.link, '4242424242424242');
    if (!done?.ok) throw new Error('setup not completed');
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/plan-cards/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: done.event.payload,
      });
    const first = await post(done.event.signature);
    expect(first.json()).toEqual({ status: '200', result: 'applied' });
    const again = await post(done.event.signature);
    expect(again.json()).toEqual({ status: '200', result: 'replay' });
    const forged = await post(done.event.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().reason).toBe('signature');
  });
});

describe('card linking in Argentina (Mercado Pago preapproval with the card form token)', () => {
  const token = async (proToken: string, cardNumber: string) => {
    const res = await t.call(
      'create-imitation-card-token',
      { cardNumber, expiry: '11/30', securityCode: '123', holder: 'APRO' },
      proToken,
    );
    expect(res.statusCode).toBe(200);
    return res.body.cardTokenId as string;
  };

  it('links the card as a monthly preapproval', async () => {
    const pro = await onPaidMonthly(5);
    const res = await t.call(
      'link-plan-suscription-mp',
      { cardTokenId: await token(pro.token, '4242 4242 4242 4242'), userMail: 'x@example.com' },
      pro.token,
    );
    expect(res.body).toMatchObject({ status: '200', linked: true, link: 'plan-status/success' });
    const plan = await t.call('find-my-plan', {}, pro.token);
    expect(plan.body.billing).toMatchObject({
      cardProvider: 'mercadopago',
      card: { state: 'linked', lastFour: '4242' },
      // The imitation's API: the sandbox's own card form, not MP.js.
      mpPublicKey: null,
    });
  });

  it('a rejected card answers plan-status/rejected with a Spanish message, never the provider’s words', async () => {
    const pro = await onPaidMonthly(5);
    const res = await t.call(
      'link-plan-suscription-mp',
      { cardTokenId: await token(pro.token, '4000 0000 0000 0002') },
      pro.token,
    );
    expect(res.body.linked).toBe(false);
    // The imitation answers Mercado Pago's 'CC_VAL_433 Credit card validation has failed'.
    expect(res.body.sms).toBe(
      'No pudimos validar la tarjeta. Revisa los datos de la tarjeta o prueba con otra.',
    );
    expect(res.body.link).toBe(`plan-status/rejected/${encodeURIComponent(res.body.sms)}`);
    const plan = await t.call('find-my-plan', {}, pro.token);
    expect(plan.body.billing.card).toMatchObject({ state: 'rejected', message: res.body.sms });
    expect((await account(pro.id)).card_added).toBe(0);
  });

  it('refuses a number with a wrong check digit and a past expiry before the provider sees them', async () => {
    const pro = await onPaidMonthly(5);
    const good = { cardNumber: '4242 4242 4242 4242', expiry: '11/30', securityCode: '123', holder: 'APRO' };
    const tokenOf = (card: typeof good) => t.call('create-imitation-card-token', card, pro.token);
    expect((await tokenOf({ ...good, cardNumber: '4242 4242 4242 4241' })).body).toMatchObject({
      code: 'E5',
      field: 'cardNumber',
    });
    expect((await tokenOf({ ...good, expiry: '01/20' })).body).toMatchObject({ code: 'E6', field: 'expiry' });
    expect((await tokenOf(good)).statusCode).toBe(200);
  });

  it('validates the token and the country of each provider', async () => {
    const ar = await onPaidMonthly(5);
    const us = await onPaidMonthly(55);
    expect((await t.call('link-plan-suscription-mp', { cardTokenId: '' }, ar.token)).body.code).toBe('E1');
    expect((await t.call('link-plan-suscription-st', {}, ar.token)).body.code).toBe('E41');
    expect(
      (await t.call('link-plan-suscription-mp', { cardTokenId: 'abcdefgh12' }, us.token)).body.code,
    ).toBe('E41');
  });
});

describe('authorization', () => {
  it('only a professional links a card or pays a plan, and only for their own plan', async () => {
    const client = await makeUser(t, { userType: 2 });
    for (const action of ['link-plan-suscription-st', 'pay-plan'] as const) {
      expect((await t.call(action, {}, client.token)).statusCode).toBe(403);
      expect((await t.call(action, {}, null)).statusCode).toBe(401);
    }
    expect(
      (await t.call('link-plan-suscription-mp', { cardTokenId: 'abcdefgh12' }, client.token)).statusCode,
    ).toBe(403);
  });

  it('the free plan and the trial without a chosen plan need no card', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 55 });
    expect((await t.call('link-plan-suscription-st', {}, pro.token)).body.code).toBe('E40');
  });
});

describe('the month cycle on a moved clock', () => {
  it('renews, resets the quota, charges the card, retries a decline and then blocks; a new card pays', async () => {
    const pro = await onPaidMonthly(55);
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ uses: 12 })
      .where('user_id', '=', pro.id)
      .execute();
    // A card that links but whose charges are declined (Stripe's own test card 4000…0341).
    await linkStripeCard(pro.token, '4000000000000341');
    expect(await charges(pro.id)).toHaveLength(0);

    moveClock(30);
    await runDuePlanWork(t.deps);
    const renewed = await subscription(pro.id);
    expect(renewed.uses).toBe(0);
    expect(renewed.amount_due_minor).toBe(999);

    await runDuePlanCharges(t.deps);
    let [charge] = await charges(pro.id);
    expect(charge).toMatchObject({ state: 'pending', attempts: 1, amount_minor: 999, currency: 'USD' });
    expect(charge?.last_error).toContain('card_declined');
    expect((await subscription(pro.id)).amount_due_minor).toBe(0);
    const token = await signIn(pro.id);
    const retrying = await t.call('find-my-plan', {}, token);
    expect(retrying.body.billing.payment).toMatchObject({
      state: 'retrying',
      message: planPaymentFailedMessage,
    });
    expect((await account(pro.id)).block_use).toBe(0);

    // Not before the retry is due; then after 1, 3 and 5 days.
    moveClock(0.5);
    await runDuePlanCharges(t.deps);
    expect((await charges(pro.id))[0]?.attempts).toBe(1);
    for (const days of [0.5, 3, 5]) {
      moveClock(days);
      await runDuePlanCharges(t.deps);
    }
    [charge] = await charges(pro.id);
    expect(charge).toMatchObject({ state: 'failed', attempts: 4 });
    expect((await subscription(pro.id)).payment_blocked).toBe(1);
    expect((await account(pro.id)).block_use).toBe(1);
    const token2 = await signIn(pro.id);
    const blocked = await t.call('find-my-plan', {}, token2);
    expect(blocked.body.billing.payment).toMatchObject({
      state: 'failed',
      message: planPaymentFailedMessage,
    });
    expect((await t.lastMailTo(pro.email))?.subject).toBe('No pudimos cobrar tu plan');
    // Nothing more is attempted while blocked.
    moveClock(10);
    await runDuePlanCharges(t.deps);
    expect((await charges(pro.id))[0]?.attempts).toBe(4);

    // A new card: the failed charge is retried at once, paid, and the plan is usable again.
    const token3 = await signIn(pro.id);
    await linkStripeCard(token3, '4242424242424242');
    await runDuePlanCharges(t.deps);
    [charge] = await charges(pro.id);
    expect(charge?.state).toBe('approved');
    expect((await subscription(pro.id)).payment_blocked).toBe(0);
    expect((await account(pro.id)).block_use).toBe(0);
    // The charge is a paid sale of the ledger, sold by the platform to the professional.
    const sale = await t.deps.db
      .selectFrom('sales')
      .innerJoin('users as seller', 'seller.id', 'sales.seller_id')
      .select(['sales.kind', 'sales.state', 'sales.amount_minor', 'sales.buyer_id', 'seller.email'])
      .where('sales.id', '=', charge?.sale_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({
      kind: 'plan',
      state: 'paid',
      amount_minor: 999,
      buyer_id: pro.id,
      email: 'plataforma@agendo.invalid',
    });
  });

  it('charges a good card once per renewal, even with two sweeps at the same time', async () => {
    const pro = await onPaidMonthly(55, 2);
    await linkStripeCard(pro.token, '4242424242424242');
    moveClock(30);
    await runDuePlanWork(t.deps);
    await Promise.all([runDuePlanCharges(t.deps), runDuePlanCharges(t.deps), runDuePlanCharges(t.deps)]);
    await runDuePlanCharges(t.deps);
    const list = await charges(pro.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ state: 'approved', amount_minor: 1999, attempts: 1 });
  });

  it('reads Mercado Pago’s own monthly charge of the preapproval', async () => {
    const pro = await onPaidMonthly(5);
    const tokenRes = await t.call(
      'create-imitation-card-token',
      { cardNumber: '4242424242424242', expiry: '11/30', securityCode: '123', holder: 'APRO' },
      pro.token,
    );
    await t.call('link-plan-suscription-mp', { cardTokenId: tokenRes.body.cardTokenId }, pro.token);
    moveClock(30);
    await runDuePlanWork(t.deps);
    await runDuePlanCharges(t.deps);
    const [charge] = await charges(pro.id);
    expect(charge).toMatchObject({ state: 'approved', provider: 'mercadopago', currency: 'ARS' });
  });
});

describe('a change of plan on Mercado Pago (the preapproval over HTTP)', () => {
  /** The preapproval as the imitation's API answers it (GET /preapproval/{id}). */
  async function preapproval(userId: number) {
    const card = await t.deps.db
      .selectFrom('plan_cards')
      .select('method_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const imitation = t.deps.planCards.imitation;
    if (!imitation) throw new Error('the test app runs the imitation');
    const { base } = await imitation.endpoints();
    const res = await fetch(`${base}/preapproval/${card.method_id}`, {
      headers: { Authorization: `Bearer ${imitationMercadoPagoToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      status: string;
      auto_recurring: { transaction_amount: number; currency_id: string };
    };
  }
  /** The debits Mercado Pago has made of a preapproval so far (its own monthly charges). */
  async function debits(preapprovalId: string) {
    const imitation = t.deps.planCards.imitation;
    if (!imitation) throw new Error('the test app runs the imitation');
    const { base } = await imitation.endpoints();
    const res = await fetch(`${base}/authorized_payments/search?preapproval_id=${preapprovalId}`, {
      headers: { Authorization: `Bearer ${imitationMercadoPagoToken}` },
    });
    return ((await res.json()) as { paging: { total: number } }).paging.total;
  }
  async function methodOf(userId: number) {
    const card = await t.deps.db
      .selectFrom('plan_cards')
      .select('method_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return String(card.method_id);
  }
  async function linkMercadoPago(token: string, cardNumber = '4242424242424242') {
    const made = await t.call(
      'create-imitation-card-token',
      { cardNumber, expiry: '11/30', securityCode: '123', holder: 'APRO' },
      token,
    );
    const linked = await t.call('link-plan-suscription-mp', { cardTokenId: made.body.cardTokenId }, token);
    expect(linked.body).toMatchObject({ linked: true });
  }
  async function gridId(token: string, planId: number) {
    const grid = await t.call('find-plans', {}, token);
    return grid.body.plans.find(
      (p: { plan_id: number; duration: number }) => p.plan_id === planId && p.duration === 30,
    ).id as number;
  }

  it('an upgrade moves the preapproval to the new price; its next debit carries the proration, then the price alone', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    expect((await preapproval(pro.id)).auto_recurring).toMatchObject({
      transaction_amount: 9999,
      currency_id: 'ARS',
    });
    moveClock(12);
    const changed = await t.call('change-plan', { planSelected: await gridId(pro.token, 2) }, pro.token);
    expect(changed.statusCode).toBe(200);
    // (19 999 − 9 999) ARS × 18 days left / 30 = 6 000 ARS.
    expect(changed.body.prorrateo).toBe(6_000_00);
    expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(19_999 + 6_000);
    // The proration is a sale of the ledger waiting for that debit; nothing is owed apart.
    const waiting = await charges(pro.id);
    expect(waiting).toMatchObject([
      { state: 'pending', provider: 'mercadopago', amount_minor: 6_000_00, attempts: 0 },
    ]);
    expect((await subscription(pro.id)).amount_due_minor).toBe(0);
    await runDuePlanCharges(t.deps);
    expect((await charges(pro.id))[0]).toMatchObject({ state: 'pending', attempts: 0 });

    // The period renews: Mercado Pago debits price + proration once; both charges read it back.
    moveClock(18);
    await runDuePlanWork(t.deps);
    await runDuePlanCharges(t.deps);
    const read = await charges(pro.id);
    expect(read.map((c) => [c.amount_minor, c.state])).toEqual([
      [6_000_00, 'approved'],
      [19_999_00, 'approved'],
    ]);
    expect(read[0]?.provider_charge_id).toBe(read[1]?.provider_charge_id);
    const sales = await t.deps.db
      .selectFrom('sales')
      .select(['amount_minor', 'state', 'kind'])
      .where('buyer_id', '=', pro.id)
      .orderBy('id')
      .execute();
    expect(sales).toMatchObject([
      { kind: 'plan', amount_minor: 6_000_00 },
      { kind: 'plan', amount_minor: 19_999_00 },
    ]);
    // From the next debit on, the preapproval charges Plan Profesional's price alone.
    expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(19_999);
  });

  it('a new card linked while a proration waits makes it ride on the new card’s first debit', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    moveClock(12);
    await t.call('change-plan', { planSelected: await gridId(pro.token, 3) }, pro.token);
    // (29 999 − 9 999) × 18 / 30 = 12 000 ARS.
    await linkMercadoPago(pro.token);
    expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(29_999 + 12_000);
    await runDuePlanCharges(t.deps);
    expect(await charges(pro.id)).toMatchObject([{ amount_minor: 12_000_00, state: 'approved' }]);
    expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(29_999);
  });

  it('the free plan pauses the preapproval (no debit while on it); a monthly paid plan resumes it', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    const pid = await methodOf(pro.id);
    const before = await debits(pid);
    const free = await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
    expect(free.statusCode).toBe(200);
    expect((await preapproval(pro.id)).status).toBe('paused');
    moveClock(31);
    expect(await debits(pid)).toBe(before);

    // A month later the first session has expired: the professional signs in again.
    const token = await signIn(pro.id);
    const back = await t.call('change-plan', { planSelected: await gridId(token, 1) }, token);
    expect(back.statusCode).toBe(200);
    const resumed = await preapproval(pro.id);
    expect(resumed.status).toBe('authorized');
    // A new period's price, not a proration: the resumed preapproval's own debit pays it, once.
    expect(resumed.auto_recurring.transaction_amount).toBe(9999);
  });

  it('a new card cancels the replaced card’s preapproval, which never debits again', async () => {
    const pro = await onPaidMonthly(5, 1);
    await linkMercadoPago(pro.token);
    const old = await methodOf(pro.id);
    await linkMercadoPago(pro.token, '5031755734530604');
    const current = await methodOf(pro.id);
    expect(current).not.toBe(old);
    const imitation = t.deps.planCards.imitation;
    if (!imitation) throw new Error('the test app runs the imitation');
    const { base } = await imitation.endpoints();
    const res = await fetch(`${base}/preapproval/${old}`, {
      headers: { Authorization: `Bearer ${imitationMercadoPagoToken}` },
    });
    expect(((await res.json()) as { status: string }).status).toBe('cancelled');
    const oldDebits = await debits(old);
    moveClock(31);
    expect(await debits(old)).toBe(oldDebits);
    expect((await preapproval(pro.id)).status).toBe('authorized');
  });

  describe('when Mercado Pago refuses or cannot be reached, the timed work applies it later', () => {
    const imitation = () => {
      const found = t.deps.planCards.imitation;
      if (!found) throw new Error('the test app runs the imitation');
      return found;
    };
    const moveMinutes = (minutes: number) => moveClock(minutes / (24 * 60));
    const syncOf = (preapprovalId: string) =>
      t.deps.db
        .selectFrom('plan_preapproval_syncs')
        .selectAll()
        .where('preapproval_id', '=', preapprovalId)
        .executeTakeFirstOrThrow();
    async function statusOf(preapprovalId: string) {
      const { base } = await imitation().endpoints();
      const res = await fetch(`${base}/preapproval/${preapprovalId}`, {
        headers: { Authorization: `Bearer ${imitationMercadoPagoToken}` },
      });
      return ((await res.json()) as { status: string }).status;
    }

    it('a pause refused once is retried: the preapproval ends paused and the card is not debited', async () => {
      const pro = await onPaidMonthly(5, 1);
      await linkMercadoPago(pro.token);
      const pid = await methodOf(pro.id);
      const before = await debits(pid);
      imitation().failPreapprovalChanges(1, 500);
      const free = await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
      // The change of plan stands; only the pause waits.
      expect(free.statusCode).toBe(200);
      expect(free.body.userPlan).toBe(freePlanId);
      expect((await preapproval(pro.id)).status).toBe('authorized');
      expect(await syncOf(pid)).toMatchObject({ state: 'pending', status: 'paused', attempts: 1 });
      // Not before its backoff (1 minute after the first failure).
      await runDuePreapprovalSyncs(t.deps);
      expect((await preapproval(pro.id)).status).toBe('authorized');

      moveMinutes(2);
      await runDuePreapprovalSyncs(t.deps);
      expect((await preapproval(pro.id)).status).toBe('paused');
      expect(await syncOf(pid)).toMatchObject({ state: 'done', last_error: null });
      moveClock(31);
      expect(await debits(pid)).toBe(before);
    });

    it('a card replaced while Mercado Pago is down has its old preapproval cancelled later', async () => {
      const pro = await onPaidMonthly(5, 1);
      await linkMercadoPago(pro.token);
      const old = await methodOf(pro.id);
      imitation().failPreapprovalChanges(1_000);
      try {
        await linkMercadoPago(pro.token, '5031755734530604');
        expect(await methodOf(pro.id)).not.toBe(old);
        expect(await statusOf(old)).toBe('authorized');
        // Each pass while it is down only waits longer; the wish stays pending with its error.
        for (const [pass, minutes] of [2, 6, 31, 121, 361, 361].entries()) {
          moveMinutes(minutes);
          await runDuePreapprovalSyncs(t.deps);
          expect((await syncOf(old)).attempts).toBe(pass + 2);
        }
        const stuck = await syncOf(old);
        expect(stuck).toMatchObject({ state: 'pending', status: 'cancelled', attempts: 7 });
        expect(stuck.last_error).toContain('503');
        expect(await statusOf(old)).toBe('authorized');
      } finally {
        imitation().failPreapprovalChanges(0);
      }
      moveMinutes(361);
      await runDuePreapprovalSyncs(t.deps);
      expect(await statusOf(old)).toBe('cancelled');
      expect(await syncOf(old)).toMatchObject({ state: 'done', last_error: null });
      const oldDebits = await debits(old);
      moveClock(31);
      expect(await debits(old)).toBe(oldDebits);
      // The new card's preapproval was never touched.
      expect((await preapproval(pro.id)).status).toBe('authorized');
    });

    it('an amount update that fails is applied later, and the proration still rides on the next debit', async () => {
      const pro = await onPaidMonthly(5, 1);
      await linkMercadoPago(pro.token);
      moveClock(12);
      imitation().failPreapprovalChanges(1);
      const changed = await t.call('change-plan', { planSelected: await gridId(pro.token, 2) }, pro.token);
      expect(changed.statusCode).toBe(200);
      expect(changed.body.prorrateo).toBe(6_000_00);
      expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(9_999);
      // Owed once: as a charge waiting for the debit, not also as an amount due.
      expect(await charges(pro.id)).toMatchObject([{ state: 'pending', amount_minor: 6_000_00 }]);
      expect((await subscription(pro.id)).amount_due_minor).toBe(0);

      expect(await syncOf(await methodOf(pro.id))).toMatchObject({
        state: 'pending',
        amount_minor: 25_999_00,
        attempts: 1,
      });
      moveMinutes(2);
      await runDuePreapprovalSyncs(t.deps);
      expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(19_999 + 6_000);

      // The period renews: the debit carries the proration, then the price alone.
      moveClock(18);
      await runDuePlanWork(t.deps);
      await runDuePlanCharges(t.deps);
      expect((await charges(pro.id)).map((c) => [c.amount_minor, c.state])).toEqual([
        [6_000_00, 'approved'],
        [19_999_00, 'approved'],
      ]);
      expect((await preapproval(pro.id)).auto_recurring.transaction_amount).toBe(19_999);
    });

    it('a later change replaces a wish still pending: the stale pause is never applied', async () => {
      const pro = await onPaidMonthly(5, 1);
      await linkMercadoPago(pro.token);
      const pid = await methodOf(pro.id);
      imitation().failPreapprovalChanges(1);
      await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
      expect(await syncOf(pid)).toMatchObject({ status: 'paused', state: 'pending' });
      // Back on a monthly paid plan before the retry: its price is what Mercado Pago gets.
      const back = await t.call('change-plan', { planSelected: await gridId(pro.token, 2) }, pro.token);
      expect(back.statusCode).toBe(200);
      moveMinutes(2);
      await runDuePreapprovalSyncs(t.deps);
      const now = await preapproval(pro.id);
      expect(now.status).toBe('authorized');
      expect(now.auto_recurring.transaction_amount).toBe(19_999);
      expect(await syncOf(pid)).toMatchObject({ status: 'authorized', state: 'done', version: 2 });
    });

    it('two instances at once: one claim wins, and a repeat of a state Mercado Pago has is fine', async () => {
      const pro = await onPaidMonthly(5, 1);
      await linkMercadoPago(pro.token);
      const pid = await methodOf(pro.id);
      await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
      expect((await preapproval(pro.id)).status).toBe('paused');
      // The same pause again, refused by Mercado Pago this time: it is paused, so it is done.
      await t.deps.db
        .updateTable('plan_preapproval_syncs')
        .set({ state: 'pending', next_attempt_at: t.clock.now.toISOString() })
        .where('preapproval_id', '=', pid)
        .execute();
      imitation().failPreapprovalChanges(2, 400);
      const [a, b] = await Promise.all([runDuePreapprovalSyncs(t.deps), runDuePreapprovalSyncs(t.deps)]);
      imitation().failPreapprovalChanges(0);
      expect((a?.done ?? 0) + (b?.done ?? 0)).toBe(1);
      expect(await syncOf(pid)).toMatchObject({ state: 'done' });
      expect((await preapproval(pro.id)).status).toBe('paused');
    });
  });

  it('a Stripe card needs nothing of Mercado Pago: the proration is charged by our timed work', async () => {
    const pro = await onPaidMonthly(55, 1);
    await linkStripeCard(pro.token, '4242424242424242');
    moveClock(12);
    const changed = await t.call('change-plan', { planSelected: await gridId(pro.token, 2) }, pro.token);
    expect(changed.body).toMatchObject({ status: '200' });
    expect(changed.body.prorrateo).toBeGreaterThan(0);
    await runDuePlanCharges(t.deps);
    expect(await charges(pro.id)).toMatchObject([
      { state: 'approved', provider: 'stripe', amount_minor: changed.body.prorrateo },
    ]);
  });
});

describe('pay-plan (semiannual or annual without a card)', () => {
  it('pays what the plan owes on the hosted page; the plan then counts as having its card', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 55 });
    await t.deps.db.updateTable('users').set({ card_added: 0 }).where('id', '=', pro.id).execute();
    await t.call('find-my-plan', {}, pro.token);
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ trial_done: 1, trial_ends_at: t.clock.now.toISOString() })
      .where('user_id', '=', pro.id)
      .execute();
    const grid = await t.call('find-plans', {}, pro.token);
    const annual = grid.body.plans.find(
      (p: { plan_id: number; duration: number }) => p.plan_id === 3 && p.duration === 365,
    );
    expect((await t.call('change-plan', { planSelected: annual.id }, pro.token)).statusCode).toBe(200);
    const plan = await t.call('find-my-plan', {}, pro.token);
    // Issue 34: the annual plan starts once paid; until then the free plan stays.
    expect(plan.body).toMatchObject({ userPlan: 4, selectedPlan: { planId: 3, duration: 365 } });
    expect(plan.body.billing).toMatchObject({
      pendingPlan: true,
      payPlan: true,
      linkCard: false,
      amountDueMinor: annual.real_price,
    });

    const started = await t.call('pay-plan', {}, pro.token);
    expect(started.statusCode).toBe(200);
    expect(started.body.checkoutUrl).toBe(`/sandbox-checkout/stripe/${started.body.paymentRef}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: started.body.checkoutUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        holder: 'Ana',
      }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    const after = await t.call('find-my-plan', {}, pro.token);
    expect(after.body).toMatchObject({ userPlan: 3, days_plan: 365, selectedPlan: null, inPaidPeriod: true });
    expect(after.body.billing).toMatchObject({ payPlan: false, pendingPlan: false, amountDueMinor: 0 });
    expect(after.body.card_added).toBe(1);
    expect((await charges(pro.id))[0]).toMatchObject({ state: 'approved', amount_minor: annual.real_price });
    // Nothing left to pay.
    expect((await t.call('pay-plan', {}, pro.token)).body.code).toBe('E50');
  });
});
