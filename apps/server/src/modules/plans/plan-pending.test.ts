import { freePlanRowId } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { payChosenPlanWithCard } from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/auth.service.ts';
import { runDuePlanWork } from './plans.service.ts';

// Issue 34: a paid plan chosen on the free plan starts when its first period is paid or the
// linked card is charged; until then the free plan's limits stay and my-plan says what is owed.
const t = useTestApp();
const dayMs = 86_400_000;

/** An Argentine professional whose trial ended with no plan chosen: her third post is paused. */
async function onFreePlanAfterTrial() {
  const pro = await makeUser(t, { userType: 1, countryId: 5 });
  const day = (n: number) => new Date(t.clock.now.getTime() - n * dayMs).toISOString();
  for (const n of [3, 2]) await makePublication(t, pro.id, { created_at: day(n) });
  const third = await makePublication(t, pro.id, { created_at: day(1), title: 'Tercero' });
  await t.call('find-my-plan', {}, pro.token);
  t.clock.now = new Date(t.clock.now.getTime() + 31 * dayMs);
  await runDuePlanWork(t.deps);
  const token = await createSession(t.deps, pro.id, { ip: null, userAgent: 'test' });
  return { id: pro.id, token, third };
}

async function gridId(token: string, planId: number, duration: number): Promise<number> {
  const res = await t.call('find-plans', {}, token);
  return res.body.plans.find(
    (p: { plan_id: number; duration: number }) => p.plan_id === planId && p.duration === duration,
  ).id;
}

const thirdPaused = async (ref: string) =>
  (
    await t.deps.db
      .selectFrom('publications')
      .select('paused')
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow()
  ).paused;

describe('a paid plan chosen on the free plan (issue 34)', () => {
  it('waits for its first payment with the free plan’s limits, and starts when the card is charged', async () => {
    const pro = await onFreePlanAfterTrial();
    const chosen = await t.call('change-plan', { planSelected: await gridId(pro.token, 1, 30) }, pro.token);
    expect(chosen.body).toMatchObject({
      status: '200',
      userPlan: 4,
      selectedPlan: { planId: 1, duration: 30 },
      inPaidPeriod: false,
    });
    const owed = (await t.call('find-my-plan', {}, pro.token)).body;
    expect(owed.billing).toMatchObject({
      pendingPlan: true,
      linkCard: true,
      amountDueMinor: 9_999_00,
      dueCurrency: 'ARS',
    });
    // The free plan's limits stay: the paused post stays paused and cannot be resumed.
    expect(await thirdPaused(pro.third.ref)).toBe(1);
    const resume = await t.call('pause-publish', { ref: pro.third.ref, paused: 0 }, pro.token);
    expect(resume.body).toMatchObject({ code: 'E90' });

    // Another choice replaces the first with what it owes; the free plan drops it.
    await t.call('change-plan', { planSelected: await gridId(pro.token, 2, 30) }, pro.token);
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      selectedPlan: { planId: 2, duration: 30 },
      billing: { amountDueMinor: 19_999_00 },
    });
    await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({
      userPlan: 4,
      selectedPlan: null,
      billing: { pendingPlan: false, linkCard: false, amountDueMinor: 0 },
    });

    await t.call('change-plan', { planSelected: await gridId(pro.token, 1, 30) }, pro.token);
    await payChosenPlanWithCard(t, pro.token);
    const started = (await t.call('find-my-plan', {}, pro.token)).body;
    expect(started).toMatchObject({ userPlan: 1, selectedPlan: null, inPaidPeriod: true, days_plan: 30 });
    expect(started.billing).toMatchObject({ pendingPlan: false, amountDueMinor: 0 });
    expect(await thirdPaused(pro.third.ref)).toBe(0);
  });
});
