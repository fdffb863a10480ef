import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { makePublication } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Issue 13: a search answers with a fixed, small number of queries however many results it
// shows (the next free slot of every result is looked up together, not one by one).
// The clock starts on Sunday 2026-11-22 12:00 UTC (09:00 in Buenos Aires).
let plainDb: DB;
let queries = 0;

/** Counts every statement the app sends (a Kysely plugin sees each result come back). */
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    queries += 1;
    return args.result;
  },
};

async function publications(title: string, count: number) {
  const { userMail } = await t.registerUser(1);
  const user = await t.deps.db
    .updateTable('users')
    .set({ card_added: 1 })
    .where('email', '=', userMail)
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every day 14:00–18:00 with the usual hour of notice; today's turns from 14:00 on are still ahead of it.
  for (let i = 0; i < count; i++) {
    await makePublication(
      t,
      user.id,
      { title: `${title} ${i}`, notice_min: 60 },
      { from: '14:00', to: '18:00' },
    );
  }
}

async function countedSearch(input: Record<string, unknown>) {
  queries = 0;
  t.deps.db = plainDb.withPlugin(counter);
  try {
    const res = await t.call('search-publications', { userTime: 'America/Argentina/Buenos_Aires', ...input });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return { queries, publications: res.body.publications as { nextSlot: unknown }[] };
  } finally {
    t.deps.db = plainDb;
  }
}

const t = useTestApp();
beforeAll(async () => {
  plainDb = t.deps.db;
  await publications('Consulta solitaria', 1);
  await publications('Consulta concurrida', 30);
}, 60_000);

describe('search-publications queries (issue 13)', () => {
  it('a page of 12 results costs the same few queries as a single result', async () => {
    const one = await countedSearch({ text: 'solitaria' });
    const many = await countedSearch({ text: 'concurrida' });
    expect(one.publications).toHaveLength(1);
    expect(many.publications).toHaveLength(12);
    // Every result still carries its next free slot.
    expect([...one.publications, ...many.publications].every((p) => p.nextSlot !== null)).toBe(true);
    expect(many.queries).toBe(one.queries);
    expect(many.queries).toBeLessThanOrEqual(6);
  });

  it('"today" checks 30 candidates with the same few queries as one', async () => {
    const one = await countedSearch({ text: 'solitaria', today: 1 });
    const many = await countedSearch({ text: 'concurrida', today: 1 });
    expect(one.publications).toHaveLength(1);
    expect(many.publications).toHaveLength(12);
    expect(many.queries).toBe(one.queries);
    expect(many.queries).toBeLessThanOrEqual(6);
  });
});
