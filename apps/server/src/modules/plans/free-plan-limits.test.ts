import { freePlanRowId } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { onWorkshopPlan, payChosenPlanWithCard, subscriptionOf } from '../../test/plan-fixtures.ts';
import { inPersonPublishInput } from '../../test/publish-input.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/auth.service.ts';
import { runDuePlanWork } from './plans.service.ts';

// Spec 002 §4: switching to plan 4 keeps only the two oldest posts and loses the workshops;
// here they are paused, not deleted, and an upgrade gives back exactly what the plan paused.

const t = useTestApp();

const dayMs = 86_400_000;

/** A professional past the trial on plan 3 (the one with workshops). */
async function onPlan3() {
  return onWorkshopPlan(t, await makeUser(t, { userType: 1 }));
}

async function posts(userId: number) {
  return t.deps.db
    .selectFrom('publications')
    .select(['ref', 'paused', 'plan_paused'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

async function workshopState(userId: number) {
  return t.deps.db
    .selectFrom('workshops')
    .select(['paused', 'plan_paused'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

const noWorkshops = 'El plan gratuito no incluye talleres. Cambia de plan para publicarlos.';

async function gridId(token: string, planId: number, duration: number): Promise<number> {
  const res = await t.call('find-plans', {}, token);
  return res.body.plans.find(
    (p: { plan_id: number; duration: number }) => p.plan_id === planId && p.duration === duration,
  ).id;
}

describe('switching to the free plan (plan 4)', () => {
  it('keeps the two oldest posts, pauses the rest and the workshops, and an upgrade resumes only those', async () => {
    const pro = await onPlan3();
    const day = (n: number) => new Date(t.clock.now.getTime() - n * dayMs).toISOString();
    const [oldest, second, third, newest] = [
      await makePublication(t, pro.id, { created_at: day(40), title: 'Primero' }),
      await makePublication(t, pro.id, { created_at: day(30), title: 'Segundo' }),
      await makePublication(t, pro.id, { created_at: day(20), title: 'Tercero' }),
      await makePublication(t, pro.id, { created_at: day(10), title: 'Cuarto' }),
    ];
    // One the professional paused themselves before the switch.
    const ownPause = await makePublication(t, pro.id, { created_at: day(5), title: 'Propio' });
    expect((await t.call('pause-publish', { ref: ownPause.ref, paused: 1 }, pro.token)).statusCode).toBe(200);
    const workshop = await t.call('save-workshop', { title: 'Taller', payCash: 1, payCard: 1 }, pro.token);
    expect(workshop.body).toMatchObject({ status: '200' });

    const res = await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
    expect(res.body).toMatchObject({ status: '200' });

    // Each post, oldest first: live, paused by the plan, or paused by the professional.
    const [live, byPlan, byThem] = [
      { paused: 0, plan_paused: 0 },
      { paused: 1, plan_paused: 1 },
      { paused: 1, plan_paused: 0 },
    ];
    const postsAre = (states: (typeof live)[]) =>
      [oldest, second, third, newest, ownPause].map(({ ref }, i) => ({ ref, ...states[i] }));
    expect(await posts(pro.id)).toEqual(postsAre([live, live, byPlan, byPlan, byThem]));
    expect(await workshopState(pro.id)).toEqual({ paused: 1, plan_paused: 1 });

    // Clients see the paused posts as paused (the catalogue's existing 'Pausado' state).
    const client = await makeUser(t);
    const seen = await t.call('get-publish', { ref: third.ref }, client.token);
    expect(seen.body.publication.paused).toBe(1);
    const kept = await t.call('get-publish', { ref: oldest.ref }, client.token);
    expect(kept.body.publication.paused).toBe(0);

    // Running the switch again changes nothing.
    const before = await posts(pro.id);
    expect((await t.call('change-plan', { planSelected: freePlanRowId }, pro.token)).body).toMatchObject({
      status: '200',
    });
    expect(await posts(pro.id)).toEqual(before);

    // A third active post is refused on the free plan: a new one, or resuming a paused one.
    const message =
      'Con el plan gratuito puedes tener hasta 2 publicaciones activas. Cambia de plan para publicar más.';
    const resume = await t.call('pause-publish', { ref: third.ref, paused: 0 }, pro.token);
    expect(resume.statusCode).toBe(400);
    expect(resume.body).toMatchObject({ status: '400', code: 'E90', message });
    expect(await posts(pro.id)).toEqual(before);
    const liveWorkshop = await t.call(
      'save-workshop',
      { title: 'Otro taller', payCash: 1, payCard: 1 },
      pro.token,
    );
    expect(liveWorkshop.statusCode).toBe(400);
    expect(liveWorkshop.body).toMatchObject({
      code: 'E90',
      message: noWorkshops,
    });

    // A paid plan chosen again starts once paid (issue 34): until then the limits stay. Then it
    // resumes what the plan paused, never the one paused by the professional.
    const up = await t.call('change-plan', { planSelected: await gridId(pro.token, 3, 30) }, pro.token);
    expect(up.body).toMatchObject({ status: '200', userPlan: 4, selectedPlan: { planId: 3, duration: 30 } });
    expect(await posts(pro.id)).toEqual(before);
    await payChosenPlanWithCard(t, pro.token);
    expect(await posts(pro.id)).toEqual(postsAre([live, live, live, live, byThem]));
    expect(await workshopState(pro.id)).toEqual({ paused: 0, plan_paused: 0 });
  });

  it('lets the editor save a paused workshop on the free plan without un-pausing it', async () => {
    const pro = await onPlan3();
    const created = await t.call(
      'save-workshop',
      { title: 'Taller', description: 'Antes', payCash: 1, payCard: 1 },
      pro.token,
    );
    const ref: string = created.body.ref;
    await t.call('change-plan', { planSelected: freePlanRowId }, pro.token);
    const row = () =>
      t.deps.db
        .selectFrom('workshops')
        .select(['title', 'description', 'paused', 'plan_paused'])
        .where('ref', '=', ref)
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ paused: 1, plan_paused: 1 });

    // An editor that leaves `paused` out keeps the workshop as it is.
    const omitted = await t.call(
      'save-workshop',
      { ref, title: 'Taller renovado', description: 'Después', payCash: 1, payCard: 1 },
      pro.token,
    );
    expect(omitted.body).toEqual({ status: '200', ref });
    expect(await row()).toEqual({
      title: 'Taller renovado',
      description: 'Después',
      paused: 1,
      plan_paused: 1,
    });

    // One that sends its paused state saves too.
    const kept = await t.call(
      'save-workshop',
      { ref, title: 'Taller final', payCash: 1, payCard: 1, paused: 1 },
      pro.token,
    );
    expect(kept.body).toEqual({ status: '200', ref });

    // Un-pausing is what the free plan refuses, with a message that says why; nothing is written.
    const live = await t.call(
      'save-workshop',
      { ref, title: 'Taller publicado', payCash: 1, payCard: 1, paused: 0 },
      pro.token,
    );
    expect(live.statusCode).toBe(400);
    expect(live.body).toMatchObject({
      code: 'E90',
      message: noWorkshops,
    });
    expect(await row()).toMatchObject({ title: 'Taller final', paused: 1, plan_paused: 1 });

    // Back on plan 3, once paid, the plan's pause is lifted, and a save leaving `paused` out keeps it live.
    await t.call('change-plan', { planSelected: await gridId(pro.token, 3, 30) }, pro.token);
    await payChosenPlanWithCard(t, pro.token);
    expect(await row()).toMatchObject({ paused: 0, plan_paused: 0 });
    await t.call('save-workshop', { ref, title: 'Taller vivo', payCash: 1, payCard: 1 }, pro.token);
    expect(await row()).toMatchObject({ title: 'Taller vivo', paused: 0 });
  });

  it('refuses creating a third post on the free plan, and allows it during the trial', async () => {
    const input = inPersonPublishInput();
    const free = await onPlan3();
    await makePublication(t, free.id);
    await makePublication(t, free.id);
    await t.call('change-plan', { planSelected: freePlanRowId }, free.token);
    const refused = await t.call('save-publish', input, free.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ status: '400', code: 'E90' });
    expect(await posts(free.id)).toHaveLength(2);

    const inTrial = await makeUser(t, { userType: 1 });
    await makePublication(t, inTrial.id);
    await makePublication(t, inTrial.id);
    const allowed = await t.call('save-publish', input, inTrial.token);
    expect(allowed.body).toMatchObject({ status: '200' });
  });
});

describe('a trial that ends with no plan chosen (spec 002 §4; ADR 015)', () => {
  /** A session opened at the moved clock (an old one lapses after weeks without use). */
  const signIn = (userId: number) => createSession(t.deps, userId, { ip: null, userAgent: 'test' });

  it('leaves the professional on the free plan with its limits, nothing deleted, undone by an upgrade', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const day = (n: number) => new Date(t.clock.now.getTime() - n * dayMs).toISOString();
    const [oldest, second, third] = [
      await makePublication(t, pro.id, { created_at: day(3), title: 'Primero' }),
      await makePublication(t, pro.id, { created_at: day(2), title: 'Segundo' }),
      await makePublication(t, pro.id, { created_at: day(1), title: 'Tercero' }),
    ];
    // During the trial a workshop is allowed (the trial has no limits).
    const workshop = await t.call(
      'save-workshop',
      { title: 'Taller de prueba', payCash: 1, payCard: 1 },
      pro.token,
    );
    expect(workshop.body).toMatchObject({ status: '200' });
    expect((await t.call('find-my-plan', {}, pro.token)).body).toMatchObject({ periodFree: 1, userPlan: 4 });

    t.clock.now = new Date(t.clock.now.getTime() + 31 * dayMs);
    await runDuePlanWork(t.deps);

    expect(await subscriptionOf(t, pro.id)).toMatchObject({
      plan_id: 4,
      trial_done: 1,
      selected_plan: null,
      amount_due_minor: 0,
    });
    expect(await posts(pro.id)).toEqual([
      { ref: oldest.ref, paused: 0, plan_paused: 0 },
      { ref: second.ref, paused: 0, plan_paused: 0 },
      { ref: third.ref, paused: 1, plan_paused: 1 },
    ]);
    const ws = await t.deps.db
      .selectFrom('workshops')
      .select(['ref', 'paused', 'plan_paused', 'deleted_at'])
      .where('user_id', '=', pro.id)
      .execute();
    expect(ws).toEqual([{ ref: workshop.body.ref, paused: 1, plan_paused: 1, deleted_at: null }]);
    const deleted = await t.deps.db
      .selectFrom('publications')
      .select('id')
      .where('user_id', '=', pro.id)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(deleted).toEqual([]);

    const token = await signIn(pro.id);
    expect((await t.call('find-my-plan', {}, token)).body).toMatchObject({
      periodFree: 0,
      difDaysPeriodFree: null,
      userPlan: 4,
    });
    // A second sweep (or another instance) pauses nothing more.
    expect((await runDuePlanWork(t.deps)).renewed).toBe(0);
    const resume = await t.call('pause-publish', { ref: third.ref, paused: 0 }, token);
    expect(resume.body).toMatchObject({ code: 'E90' });

    const up = await t.call('change-plan', { planSelected: await gridId(token, 3, 30) }, token);
    expect(up.body).toMatchObject({ status: '200', userPlan: 4 });
    await payChosenPlanWithCard(t, token);
    expect((await t.call('find-my-plan', {}, token)).body).toMatchObject({ userPlan: 3 });
    expect(await posts(pro.id)).toEqual([
      { ref: oldest.ref, paused: 0, plan_paused: 0 },
      { ref: second.ref, paused: 0, plan_paused: 0 },
      { ref: third.ref, paused: 0, plan_paused: 0 },
    ]);
    expect(await workshopState(pro.id)).toEqual({ paused: 0, plan_paused: 0 });
  });

  it('a trial that ends with a paid plan chosen pauses nothing', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const day = (n: number) => new Date(t.clock.now.getTime() - n * dayMs).toISOString();
    for (const n of [3, 2, 1]) await makePublication(t, pro.id, { created_at: day(n) });
    await t.call('save-workshop', { title: 'Taller elegido', payCash: 1, payCard: 1 }, pro.token);
    const chosen = await t.call('change-plan', { planSelected: await gridId(pro.token, 3, 30) }, pro.token);
    expect(chosen.body).toMatchObject({ status: '200', userPlan: 4, periodFree: 1 });

    t.clock.now = new Date(t.clock.now.getTime() + 31 * dayMs);
    await runDuePlanWork(t.deps);

    const token = await signIn(pro.id);
    expect((await t.call('find-my-plan', {}, token)).body).toMatchObject({ userPlan: 3, periodFree: 0 });
    expect((await posts(pro.id)).map((p) => p.paused)).toEqual([0, 0, 0]);
    expect(await workshopState(pro.id)).toEqual({ paused: 0, plan_paused: 0 });
  });
});
