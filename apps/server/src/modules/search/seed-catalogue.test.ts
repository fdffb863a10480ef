import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/seed.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
beforeAll(async () => {
  await seedDemo(t.deps);
}, 60_000);

const count = async (table: 'publications' | 'turn_rules' | 'dated_turns' | 'blocked_days' | 'users') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function search(input: Record<string, unknown>) {
  const res = await t.call('search-publications', { userTime: 'America/Argentina/Buenos_Aires', ...input });
  expect(res.statusCode).toBe(200);
  return res.body.publications as Record<string, unknown>[];
}

describe('demo catalogue seed', () => {
  it('is idempotent', async () => {
    const before = await Promise.all(
      (['publications', 'turn_rules', 'dated_turns', 'blocked_days', 'users'] as const).map(count),
    );
    await seedDemo(t.deps);
    const after = await Promise.all(
      (['publications', 'turn_rules', 'dated_turns', 'blocked_days', 'users'] as const).map(count),
    );
    expect(after).toEqual(before);
    // 19 of the marketplace and 7 of the plan demo professionals (seed-plans.ts; cupo2@ added one).
    expect(before[0]).toBe(26);
  });

  it('gives the demo professional one publication of each kind, the paused one hidden from search', async () => {
    const lucia = await search({ text: 'Fernández', browserCountry: 'ar' });
    const byTitle = Object.fromEntries(lucia.map((p) => [p.title, p]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'Evaluación psicopedagógica (valor a convenir)',
      'Kinesiología y rehabilitación en consultorio',
      'Mindfulness para el estrés: promo de lanzamiento',
      'Programa de nutrición en 4 sesiones',
      'Sesión de psicología online',
      'Taller grupal de meditación',
      'Terapia de pareja online o presencial',
    ]);
    expect(byTitle['Mindfulness para el estrés: promo de lanzamiento']).toMatchObject({
      promo: true,
      price: 12000,
      oldPrice: 16000,
      currency: 'ARS',
    });
    expect(byTitle['Programa de nutrición en 4 sesiones']).toMatchObject({ qtySessions: 4 });
    expect(byTitle['Kinesiología y rehabilitación en consultorio']).toMatchObject({ modalityId: 2 });
    expect(byTitle['Terapia de pareja online o presencial']).toMatchObject({ modalityId: 3 });
    expect(byTitle['Evaluación psicopedagógica (valor a convenir)']).toMatchObject({ hidePrice: true });
    for (const p of lucia) expect(p.nextSlot, String(p.title)).not.toBeNull();
  });

  it('has results in every served country, in USD for a foreign viewer', async () => {
    for (const country of [5, 42, 81, 82, 28, 55, 111, 89, 12]) {
      const found = await search({ country, browserCountry: 'ar' });
      expect(found.length, `country ${country}`).toBeGreaterThan(0);
    }
    const [mx] = await search({ country: 42, browserCountry: 'ar' });
    expect(mx).toMatchObject({ currency: 'USD', price: 30 });
    expect(await search({ gender: 3 })).toHaveLength(1);
    const states = (await t.call('find-states', { userCountry: 5 })).body.states as {
      id: number;
      name: string;
    }[];
    const caba = states.find((s) => s.name === 'Ciudad autónoma de Buenos Aires')?.id;
    expect((await search({ country: 5, state: caba, modality: 2 })).map((p) => p.title).sort()).toEqual([
      'Kinesiología y rehabilitación en consultorio',
      'Terapia de pareja online o presencial',
    ]);
    expect((await search({ langFr: true })).map((p) => p.title)).toEqual(['Osteopatía en Madrid']);
  });
});
