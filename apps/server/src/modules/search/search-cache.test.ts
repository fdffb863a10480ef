import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { searchCacheMs } from './search.service.ts';

// Issue 13: search answers are kept for a few seconds while nothing is written. Whatever
// changes a publication's availability must show in the next search at once, on this instance
// and on another one of the same deployment. The clock starts on Sunday 2026-11-22 12:00 UTC.
// An SQLite file (not memory) so that a second instance can open the same database.
let dataDir: string;
let plainDb: DB;
let queries = 0;
const zone = 'America/Argentina/Buenos_Aires';

const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    queries += 1;
    return args.result;
  },
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-search-cache-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp(() => ({ sqliteFile: path.join(dataDir, 'search-cache.sqlite') }));
beforeAll(() => {
  plainDb = t.deps.db;
});

async function search(app: TestApp['app'], text: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/index.php',
    payload: { action: 'search-publications', browserCountry: 'ar', userLang: 'es', userTime: zone, text },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { publications: { ref: string; nextSlot: { start: string } | null }[] };
  return body.publications;
}

async function nextSlotOf(app: TestApp['app'], text: string, ref: string) {
  const found = (await search(app, text)).find((p) => p.ref === ref);
  return found?.nextSlot?.start ?? null;
}

// Clients are made before the search is cached: making one is a write of its own.
async function book(client: { token: string }, pubRef: string, startsAt: string) {
  const held = await t.call('save-temp-booking', { ref: pubRef, startsAt }, client.token);
  expect(held.statusCode, JSON.stringify(held.body)).toBe(200);
  return held.body.booking.tempBookId as string;
}

describe('search answers kept between writes', () => {
  it('a repeated search with no write between costs one small query', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { title: 'Reflexología plantar' });
    const first = await nextSlotOf(t.app, 'reflexología', pub.ref);
    expect(first).not.toBeNull();
    queries = 0;
    t.deps.db = plainDb.withPlugin(counter);
    try {
      expect(await nextSlotOf(t.app, 'reflexología', pub.ref)).toBe(first);
      expect(queries).toBe(1);
    } finally {
      t.deps.db = plainDb;
    }
  });

  it('a hold and a booking take the slot out of the next search', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { title: 'Acupuntura integrativa', no_price: 1, price: 0 });
    const client = await makeUser(t);
    const other = await makeUser(t);
    const first = await nextSlotOf(t.app, 'acupuntura', pub.ref);
    expect(first).not.toBeNull();
    // Asked again so the answer is in the cache before the write.
    expect(await nextSlotOf(t.app, 'acupuntura', pub.ref)).toBe(first);

    const held = await book(client, pub.ref, first as string);
    const afterHold = await nextSlotOf(t.app, 'acupuntura', pub.ref);
    expect(afterHold).not.toBeNull();
    expect(afterHold).not.toBe(first);

    const saved = await t.call('save-booking', { ref: held, method: 'free' }, client.token);
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(await nextSlotOf(t.app, 'acupuntura', pub.ref)).toBe(afterHold);
    const second = await book(other, pub.ref, afterHold as string);
    const booked = await t.call('save-booking', { ref: second, method: 'free' }, other.token);
    expect(booked.statusCode, JSON.stringify(booked.body)).toBe(200);
    const third = await nextSlotOf(t.app, 'acupuntura', pub.ref);
    expect(third).not.toBeNull();
    expect([first, afterHold]).not.toContain(third);
  });

  it('pausing the publication takes it out of the next search', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { title: 'Musicoterapia grupal' });
    expect(await nextSlotOf(t.app, 'musicoterapia', pub.ref)).not.toBeNull();
    await t.deps.db.updateTable('publications').set({ paused: 1 }).where('id', '=', pub.id).execute();
    expect((await search(t.app, 'musicoterapia')).map((p) => p.ref)).not.toContain(pub.ref);
  });

  it('never shows a slot once it is no longer bookable, even with no write', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { title: 'Biodanza consciente' });
    const first = (await nextSlotOf(t.app, 'biodanza', pub.ref)) as string;
    const start = Date.parse(first);
    const saved = t.clock.now;
    try {
      // Shortly before the slot starts (well within the cache's lifetime), then at its start.
      t.clock.now = new Date(start - searchCacheMs / 3);
      expect(await nextSlotOf(t.app, 'biodanza', pub.ref)).toBe(first);
      t.clock.now = new Date(start);
      const later = await nextSlotOf(t.app, 'biodanza', pub.ref);
      expect(later).not.toBeNull();
      expect(Date.parse(later as string)).toBeGreaterThan(start);
    } finally {
      t.clock.now = saved;
    }
  });

  it('a booking made on another instance takes the slot out of this one’s next search', async () => {
    const twin = await t.startTwin();
    try {
      const pro = await makeUser(t, { userType: 1 });
      const pub = await makePublication(t, pro.id, { title: 'Eutonía para adultos' });
      const client = await makeUser(t);
      const first = await nextSlotOf(t.app, 'eutonía', pub.ref);
      expect(first).not.toBeNull();
      expect(await nextSlotOf(t.app, 'eutonía', pub.ref)).toBe(first);

      const held = await twin.app.inject({
        method: 'POST',
        url: '/index.php',
        headers: { authorization: `Bearer ${client.token}` },
        payload: { action: 'save-temp-booking', userLang: 'es', ref: pub.ref, startsAt: first },
      });
      expect(held.statusCode, held.body).toBe(200);
      const after = await nextSlotOf(t.app, 'eutonía', pub.ref);
      expect(after).not.toBeNull();
      expect(after).not.toBe(first);
    } finally {
      await twin.app.close();
    }
  });
});
