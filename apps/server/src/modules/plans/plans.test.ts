import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { planMirrorOf, subscriptionOf } from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/auth.service.ts';
import { runDuePlanWork } from './plans.service.ts';

const t = useTestApp();

const dayMs = 86_400_000;
function moveClock(days: number) {
  t.clock.now = new Date(t.clock.now.getTime() + days * dayMs);
}
/** A session opened at the moved clock (an old one lapses after weeks without use). */
function signIn(userId: number) {
  return createSession(t.deps, userId, { ip: null, userAgent: 'test' });
}

const subscription = (userId: number) => subscriptionOf(t, userId);

async function gridId(token: string, planId: number, duration: number): Promise<number> {
  const res = await t.call('find-plans', {}, token);
  const row = res.body.plans.find(
    (p: { plan_id: number; duration: number }) => p.plan_id === planId && p.duration === duration,
  );
  return row.id;
}

/** A professional past the trial on a paid plan, as the renewal would leave them. */
async function onPaidPlan(planId: 1 | 2 | 3, uses = 0) {
  const pro = await makeUser(t, { userType: 1 });
  await t.call('find-my-plan', {}, pro.token);
  const now = t.clock.now.toISOString();
  await t.deps.db
    .updateTable('plan_subscriptions')
    .set({
      plan_id: planId,
      trial_done: 1,
      uses,
      period_start: now,
      period_end: new Date(t.clock.now.getTime() + 30 * dayMs).toISOString(),
    })
    .where('user_id', '=', pro.id)
    .execute();
  await t.deps.db.updateTable('users').set({ user_plan: planId }).where('id', '=', pro.id).execute();
  return pro;
}

let slotHour = 12;
/** A client books one free slot of the publication through the API (held, then saved). */
async function clientBooks(pubRef: string) {
  const client = await makeUser(t);
  slotHour += 1;
  const day = new Date(t.clock.now.getTime() + 2 * dayMs).toISOString().slice(0, 10);
  const held = await t.call(
    'save-temp-booking',
    { ref: pubRef, startsAt: `${day}T${String(slotHour).padStart(2, '0')}:00:00.000Z` },
    client.token,
  );
  expect(held.statusCode).toBe(200);
  const saved = await t.call(
    'save-booking',
    { ref: held.body.booking.tempBookId, method: 'free' },
    client.token,
  );
  expect(saved.body).toMatchObject({ status: '200' });
}

describe('the trial (spec 002 §4, §9)', () => {
  it('a new professional starts 30 days of trial on the free plan and sees the days left', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const first = await t.call('find-my-plan', {}, pro.token);
    expect(first.body).toMatchObject({
      status: '200',
      userPlan: 4,
      periodFree: 1,
      selectPlan: 1,
      difDaysPeriodFree: 30,
      blockUse: 0,
      totalUses: null,
    });
    moveClock(27);
    const token = await signIn(pro.id);
    expect((await t.call('find-my-plan', {}, token)).body.difDaysPeriodFree).toBe(3);
    moveClock(2.5);
    // The last day: 0 days left ('Tu período de prueba finaliza hoy.').
    expect((await t.call('find-my-plan', {}, token)).body).toMatchObject({
      periodFree: 1,
      difDaysPeriodFree: 0,
    });
    moveClock(1);
    expect((await t.call('find-my-plan', {}, token)).body).toMatchObject({
      periodFree: 0,
      difDaysPeriodFree: null,
      selectedPlan: null,
      userPlan: 4,
    });
  });

  it('a plan chosen during the trial starts when the trial ends, on the timed work', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const id = await gridId(pro.token, 2, 30);
    const changed = await t.call('change-plan', { planSelected: id }, pro.token);
    expect(changed.body).toMatchObject({
      status: '200',
      userPlan: 4,
      selectedPlan: { planId: 2, duration: 30 },
      prorrateo: 0,
      message: 'Se ha actualizado tu plan.',
    });
    moveClock(31);
    await runDuePlanWork(t.deps);
    const sub = await subscription(pro.id);
    expect(sub).toMatchObject({
      plan_id: 2,
      trial_done: 1,
      uses: 0,
      amount_due_minor: 19_999_00,
      due_currency: 'ARS',
    });
    expect((await planMirrorOf(t, pro.id)).user_plan).toBe(2);
  });
});

describe('the monthly session quota (spec 002 §4; spec 000 §4)', () => {
  it('at quota the slots go, the gift brings them back, the next cycle renews', async () => {
    const pro = await onPaidPlan(1, 28);
    const pub = await makePublication(t, pro.id, { price: 0 });
    await clientBooks(pub.ref);
    expect((await subscription(pro.id)).uses).toBe(29);
    expect((await t.call('find-turns', { ref: pub.ref }, null)).body.unavailable).toBeNull();

    await clientBooks(pub.ref);
    const blocked = await t.call('find-my-plan', {}, pro.token);
    expect(blocked.body).toMatchObject({
      planUses: 30,
      totalUses: 30,
      blockUse: 1,
      canSelectGift: 1,
      giftExtra: 5,
    });
    expect((await t.call('find-turns', { ref: pub.ref }, null)).body.unavailable).toBe(
      'Sin horarios disponibles',
    );
    expect((await t.call('find-user-data', { ref: pro.ref }, null)).body.blockUse).toBe(1);

    const gift = await t.call('gift-sessions', {}, pro.token);
    expect(gift.body).toMatchObject({
      status: '200',
      extra: 5,
      message: '¡Te habilitamos 5 turnos más a tu plan actual para que puedas seguir trabajando!',
      blockUse: 0,
      totalUses: 35,
      canSelectGift: 0,
    });
    expect((await t.call('find-turns', { ref: pub.ref }, null)).body.unavailable).toBeNull();
    const again = await t.call('gift-sessions', {}, pro.token);
    expect(again.body).toMatchObject({ status: '400', code: 'E30' });

    // Block again, then the cycle renews on its date.
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ uses: 34 })
      .where('user_id', '=', pro.id)
      .execute();
    await clientBooks(pub.ref);
    expect((await subscription(pro.id)).block_use).toBe(1);
    moveClock(30);
    expect((await runDuePlanWork(t.deps)).renewed).toBeGreaterThanOrEqual(1);
    expect(await subscription(pro.id)).toMatchObject({ uses: 0, gift_uses: 0, gift_taken: 0, block_use: 0 });
    expect((await planMirrorOf(t, pro.id)).block_use).toBe(0);
    // A second sweep finds nothing left to renew for this professional.
    await runDuePlanWork(t.deps);
    expect((await subscription(pro.id)).uses).toBe(0);
  });

  it('plan 3 and the free plan count sessions but never block', async () => {
    const pro = await onPaidPlan(3, 10_000);
    const pub = await makePublication(t, pro.id, { price: 0 });
    await clientBooks(pub.ref);
    expect(await subscription(pro.id)).toMatchObject({ uses: 10_001, block_use: 0 });
  });

  it("the professional's own manual appointments do not count", async () => {
    const pro = await onPaidPlan(1, 0);
    await makePublication(t, pro.id, { price: 0 });
    expect((await subscription(pro.id)).uses).toBe(0);
  });
});

describe('change-plan (spec 002 §7, §8)', () => {
  it('upgrades inside the month with the proration of the days left', async () => {
    const pro = await onPaidPlan(1);
    // Half the month gone (the clock is not moved: the session would lapse).
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ period_end: new Date(t.clock.now.getTime() + 15 * dayMs).toISOString() })
      .where('user_id', '=', pro.id)
      .execute();
    const res = await t.call('change-plan', { planSelected: await gridId(pro.token, 2, 30) }, pro.token);
    // ARS 9.999 → 19.999 with 15 of 30 days left: half the difference.
    expect(res.body).toMatchObject({ status: '200', userPlan: 2, prorrateo: 5000_00, totalUses: 80 });
  });

  it('refuses a downgrade inside the cycle with E20 and a longer period with E21', async () => {
    const pro = await onPaidPlan(2);
    const down = await t.call('change-plan', { planSelected: await gridId(pro.token, 1, 30) }, pro.token);
    expect(down.body).toEqual({
      status: '400',
      code: 'E20',
      message: 'No puedes cambiar a un plan inferior hasta el próximo ciclo de facturación.',
    });
    const longer = await t.call('change-plan', { planSelected: await gridId(pro.token, 2, 365) }, pro.token);
    expect(longer.body).toMatchObject({
      code: 'E21',
      message:
        'No puedes cambiar a un plan de mayor duración hasta que no finalice el período de tu plan actual.',
    });
    expect((await subscription(pro.id)).plan_id).toBe(2);
  });

  it('refuses a downgrade of a prepaid annual plan with E22', async () => {
    const pro = await onPaidPlan(3);
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ duration: 365 })
      .where('user_id', '=', pro.id)
      .execute();
    const res = await t.call('change-plan', { planSelected: await gridId(pro.token, 2, 365) }, pro.token);
    expect(res.body).toMatchObject({ code: 'E22', message: 'No puedes cambiar a un plan inferior.' });
  });

  it('the free plan can be chosen at any time and clears the block', async () => {
    const pro = await onPaidPlan(1, 30);
    await t.deps.db
      .updateTable('plan_subscriptions')
      .set({ block_use: 1 })
      .where('user_id', '=', pro.id)
      .execute();
    const res = await t.call('change-plan', { planSelected: 0 }, pro.token);
    expect(res.body).toMatchObject({ status: '200', userPlan: 4, blockUse: 0 });
  });

  it('refuses an unknown grid row and another country’s row', async () => {
    const pro = await onPaidPlan(1);
    expect((await t.call('change-plan', { planSelected: 999_999 }, pro.token)).body).toMatchObject({
      code: 'E10',
    });
    const us = await makeUser(t, { userType: 1, countryId: 28 });
    const usdRow = await gridId(us.token, 3, 30);
    expect((await t.call('change-plan', { planSelected: usdRow }, pro.token)).body).toMatchObject({
      code: 'E10',
    });
  });
});

describe('find-plans and the price table', () => {
  it('lists the grid in the country’s currency, USD elsewhere, the free plan on request', async () => {
    const ar = await makeUser(t, { userType: 1, countryId: 5 });
    const arGrid = (await t.call('find-plans', { showFree: 'YES' }, ar.token)).body.plans;
    expect(arGrid).toHaveLength(10);
    expect(arGrid).toContainEqual(
      expect.objectContaining({ plan_id: 1, duration: 30, real_price: 9_999_00, currency: 'ARS', uses: 30 }),
    );
    expect(arGrid).toContainEqual(expect.objectContaining({ id: 0, plan_id: 4, real_price: 0 }));
    const register = (await t.call('find-plans', { isRegister: true, userCountry: 12 }, null)).body.plans;
    expect(register).toHaveLength(9);
    expect(register.every((p: { currency: string }) => p.currency === 'USD')).toBe(true);
  });

  it('only the administrator edits prices; only a professional changes a plan', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const price = { countryId: 5, planId: 1, duration: 30, currency: 'ARS', amountMinor: 12_000_00 };
    expect((await t.call('save-plan-price', price, pro.token)).statusCode).toBe(403);
    expect((await t.call('change-plan', { planSelected: 1 }, client.token)).statusCode).toBe(403);
    expect((await t.call('change-plan', { planSelected: 1 }, null)).statusCode).toBe(401);
    const admin = await makeUser(t, { userType: 1 });
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
    const saved = await t.call('save-plan-price', price, admin.token);
    expect(saved.body).toMatchObject({ status: '200', price: { amountMinor: 12_000_00, currency: 'ARS' } });
    const grid = (await t.call('find-plans', {}, pro.token)).body.plans;
    expect(grid).toContainEqual(expect.objectContaining({ plan_id: 1, duration: 30, real_price: 12_000_00 }));
    expect((await t.call('save-plan-price', { ...price, planId: 4 }, admin.token)).body).toMatchObject({
      code: 'E2',
    });
  });

  it('the price table is read and written by the administrator alone', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const price = { countryId: 42, planId: 2, duration: 180, currency: 'MXN', amountMinor: 2_500_00 };
    for (const token of [pro.token, client.token]) {
      expect((await t.call('find-plan-prices', {}, token)).statusCode).toBe(403);
      expect((await t.call('save-plan-price', price, token)).statusCode).toBe(403);
    }
    expect((await t.call('find-plan-prices', {}, null)).statusCode).toBe(401);
    expect((await t.call('save-plan-price', price, null)).statusCode).toBe(401);
    const mx = await makeUser(t, { userType: 1, countryId: 42 });
    // Nothing was written by the refused calls: Mexico still answers the international USD rows.
    const before = (await t.call('find-plans', {}, mx.token)).body.plans;
    expect(before.every((p: { currency: string }) => p.currency === 'USD')).toBe(true);

    const admin = await makeUser(t, { userType: 2 });
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
    const table = await t.call('find-plan-prices', {}, admin.token);
    expect(table.body.status).toBe('200');
    expect(table.body.prices).toContainEqual(
      expect.objectContaining({ countryId: 55, planId: 1, duration: 30, currency: 'USD' }),
    );
    const saved = await t.call('save-plan-price', price, admin.token);
    expect(saved.body).toMatchObject({ status: '200', price: { ...price } });
    const after = (await t.call('find-plan-prices', {}, admin.token)).body.prices;
    expect(after).toContainEqual({ id: saved.body.price.id, ...price });
    // One row is not a grid: Mexico keeps the international prices until all nine are set.
    const partial = (await t.call('find-plans', {}, mx.token)).body.plans;
    expect(partial).toHaveLength(9);
    expect(partial.every((p: { currency: string }) => p.currency === 'USD')).toBe(true);
    for (const planId of [1, 2, 3]) {
      for (const duration of [30, 180, 365]) {
        await t.call(
          'save-plan-price',
          { ...price, planId, duration, amountMinor: planId * 1000_00 },
          admin.token,
        );
      }
    }
    const full = (await t.call('find-plans', {}, mx.token)).body.plans;
    expect(full).toHaveLength(9);
    expect(full).toContainEqual(
      expect.objectContaining({ plan_id: 2, duration: 180, real_price: 2000_00, currency: 'MXN' }),
    );
    expect((await t.call('save-plan-price', { ...price, countryId: 999 }, admin.token)).body).toMatchObject({
      code: 'E1',
      message: 'Debes seleccionar el país.',
    });
    expect((await t.call('save-plan-price', { ...price, currency: 'mx' }, admin.token)).body).toMatchObject({
      code: 'E3',
    });
    expect((await t.call('save-plan-price', { ...price, amountMinor: -1 }, admin.token)).body).toMatchObject({
      code: 'E4',
    });
  });
});
