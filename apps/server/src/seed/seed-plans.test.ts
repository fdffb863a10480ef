import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords.ts';
import { signedInAs } from '../test/seeded-demo.ts';
import { useTestApp } from '../test/test-app.ts';
import { seedPlans } from './seed-plans.ts';

// Issue 16: the demo has a professional in each plan state, as my-plan and the clients see them.

const t = useTestApp();
beforeAll(async () => {
  await seedPlans(t.deps, await hashPassword(t.deps.config, 'demo1234'));
}, 120_000);

const as = (email: string) => signedInAs(t, email);

async function publications(userId: number) {
  return t.deps.db
    .selectFrom('publications')
    .select(['ref', 'paused', 'plan_paused'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('the plan states of the demo seed', () => {
  it('one professional is in the trial with 3 days left (the warning shows the number)', async () => {
    const pro = await as('prueba@agendo.test');
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      status: '200',
      userPlan: 4,
      periodFree: 1,
      selectPlan: 1,
      difDaysPeriodFree: 3,
      blockUse: 0,
    });
  });

  it('one is at the quota of plan 1 with the gift available, and clients see no slots', async () => {
    const pro = await as('cupo@agendo.test');
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      userPlan: 1,
      periodFree: 0,
      planUses: 30,
      totalUses: 30,
      blockUse: 1,
      canSelectGift: 1,
      giftExtra: 5,
      card_added: 1,
      billing: { cardProvider: 'mercadopago', card: { state: 'linked', lastFour: '4242' }, linkCard: false },
    });
    const [pub] = await publications(pro.id);
    expect((await t.call('find-turns', { ref: pub?.ref }, null)).body.unavailable).toBe(
      'Sin horarios disponibles',
    );
    expect((await t.call('gift-sessions', {}, pro.token)).body).toMatchObject({ status: '200', extra: 5 });
    expect((await t.call('find-turns', { ref: pub?.ref }, null)).body.unavailable).toBeNull();
  });

  it('another is at the quota of plan 2, whose gift is 10 sessions', async () => {
    const pro = await as('cupo2@agendo.test');
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      userPlan: 2,
      planUses: 80,
      totalUses: 80,
      blockUse: 1,
      canSelectGift: 1,
      giftExtra: 10,
      card_added: 1,
      billing: { card: { state: 'linked', lastFour: '4242' }, linkCard: false },
    });
  });

  it('one is on an annual plan in its paid period', async () => {
    const pro = await as('anual@agendo.test');
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      userPlan: 3,
      days_plan: 365,
      inPaidPeriod: true,
      daysFinishPlan: 305,
      totalUses: null,
      blockUse: 0,
    });
  });

  it('one is on the free plan after the trial: two posts live, the third paused by the plan', async () => {
    const pro = await as('gratis@agendo.test');
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      userPlan: 4,
      periodFree: 0,
      difDaysPeriodFree: null,
    });
    expect((await publications(pro.id)).map((p) => [p.paused, p.plan_paused])).toEqual([
      [0, 0],
      [0, 0],
      [1, 1],
    ]);
  });

  it('runs again without changing anything', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('publications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedPlans(t.deps, 'unused');
    expect(await count()).toBe(before);
  });
});
