import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Issue 13: the booking lists page by keyset. Clock: Sunday 2026-11-22 12:00 UTC.
let pro: Awaited<ReturnType<typeof makeUser>>;
let pubId = 0;
const hour = 3_600_000;
const now = Date.parse('2026-11-22T12:00:00.000Z');

async function insert(
  startMs: number,
  state: 'confirmed' | 'done' | 'cancelled' = 'confirmed',
  minutes = 60,
) {
  const ref = `pg${startMs.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await t.deps.db
    .insertInto('bookings')
    .values({
      ref,
      publication_id: pubId,
      professional_id: pro.id,
      client_id: null,
      contact_id: null,
      starts_at: new Date(startMs).toISOString(),
      ends_at: new Date(startMs + minutes * 60_000).toISOString(),
      state,
      duration: minutes,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .execute();
  return ref;
}

type Page = { bookings: { id: string; dateNoFormat: string }[]; next: string | number | null };

async function page(input: Record<string, unknown>): Promise<Page> {
  const res = await t.call('find-bookings', { mode: 1, ...input }, pro.token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const upcoming: string[] = [];
const past: string[] = [];
let ongoing = '';

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1 });
  pubId = (await makePublication(t, pro.id)).id;
  // Started half an hour ago and still running: it is upcoming until it ends.
  ongoing = await insert(now - hour / 2);
  upcoming.push(ongoing);
  // 44 more ahead, two of them at the same start (a tie the cursor must break).
  for (let i = 1; i <= 44; i++) upcoming.push(await insert(now + Math.min(i, 43) * hour));
  for (let i = 1; i <= 25; i++) past.push(await insert(now - i * 2 * hour, 'done'));
  await insert(now + 100 * hour, 'cancelled');
});

describe('find-bookings pages by keyset (issue 13)', () => {
  it('the upcoming tab pages 20 at a time with an opaque cursor, every appointment once, in order', async () => {
    const first = await page({ filter: 'upcoming', next: 0 });
    expect(first.bookings).toHaveLength(20);
    expect(first.bookings[0]?.id).toBe(ongoing);
    expect(typeof first.next).toBe('string');
    const second = await page({ filter: 'upcoming', next: first.next });
    const third = await page({ filter: 'upcoming', next: second.next });
    expect(third.bookings).toHaveLength(5);
    expect(third.next).toBeNull();
    const shown = [...first.bookings, ...second.bookings, ...third.bookings];
    expect(shown.map((b) => b.id).sort()).toEqual([...upcoming].sort());
    const starts = shown.map((b) => b.dateNoFormat);
    expect(starts).toEqual([...starts].sort());
  });

  it('an appointment booked while the list is open does not repeat a row on the next page', async () => {
    const first = await page({ filter: 'upcoming' });
    // Sooner than everything on the first page: with OFFSET the first page's last row would
    // slide onto the second page and show twice.
    const soon = await insert(now + hour / 4, 'confirmed', 15);
    try {
      const second = await page({ filter: 'upcoming', next: first.next });
      const firstIds = new Set(first.bookings.map((b) => b.id));
      expect(second.bookings.filter((b) => firstIds.has(b.id))).toEqual([]);
      expect((second.bookings[0]?.dateNoFormat ?? '') > (first.bookings[19]?.dateNoFormat ?? '')).toBe(true);
    } finally {
      await t.deps.db.deleteFrom('bookings').where('ref', '=', soon).execute();
    }
  });

  it('the past tab pages newest first the same way', async () => {
    const first = await page({ filter: 'past' });
    expect(typeof first.next).toBe('string');
    const second = await page({ filter: 'past', next: first.next });
    expect(first.bookings).toHaveLength(20);
    expect(second.bookings).toHaveLength(5);
    expect(second.next).toBeNull();
    expect([...first.bookings, ...second.bookings].map((b) => b.id)).toEqual(past);
  });

  it("keeps the spec's page form (a row offset) beside the cursor, and refuses a cursor it did not issue", async () => {
    const first = await page({ filter: 'upcoming', next: '0' });
    expect(typeof first.next).toBe('string');
    const byCursor = await page({ filter: 'upcoming', next: first.next });
    const byOffset = await page({ filter: 'upcoming', next: 20 });
    expect(byOffset.bookings.map((b) => b.id)).toEqual(byCursor.bookings.map((b) => b.id));
    for (const next of ['bm90LWEtY3Vyc29y', 'not a cursor', -1]) {
      const res = await t.call('find-bookings', { mode: 1, filter: 'upcoming', next }, pro.token);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({ code: 'E1' });
    }
  });
});
