import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type KeyRing, keyId, keyRingOf, openSecret, sealSecret } from '../lib/secret-box.ts';
import { makeUser } from '../test/booking-fixtures.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { resealSecrets } from './reseal.ts';
import { sealedColumns } from './sealed-secrets.repository.ts';

// Issue 28: keys that rotate. Secrets sealed under one key, the key rotated (the old one kept as a
// previous key), the app restarted, `npm run reseal`, then the old key removed: every secret
// still opens, through the app as through the database.
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-reseal-'));
let t: TestApp;
let proToken: string;

/** Another start of the same deployment (same database) with another key ring. */
async function restartWith(keyRing: KeyRing) {
  const built = await buildApp({ ...t.config, keyRing }, { now: () => t.clock.now });
  await built.app.ready();
  return built;
}

async function localKeysThrough(app: Awaited<ReturnType<typeof restartWith>>['app']) {
  const res = await app.inject({
    method: 'POST',
    url: '/index.php',
    headers: { authorization: `Bearer ${proToken}` },
    payload: { action: 'find-local-payments', browserCountry: 'ar', userLang: 'es', urlcode: 'localhost' },
  });
  return { statusCode: res.statusCode, body: res.json() };
}

/** Every sealed value in the database, by table and column. */
async function sealedValues(db: TestApp['deps']['db']) {
  const values: string[] = [];
  for (const [table, columns] of Object.entries(sealedColumns)) {
    for (const column of columns) {
      const rows = await sql<{
        v: string | null;
      }>`select ${sql.ref(column)} as v from ${sql.table(table)}`.execute(db);
      values.push(...rows.rows.flatMap((row) => (row.v === null ? [] : [row.v])));
    }
  }
  return values;
}

beforeAll(async () => {
  t = await startTestApp({
    keyRing: keyRingOf(oldKey),
    // A file, so that a second start opens the same data (PostgreSQL: the same schema).
    sqliteFile: path.join(folder, 'agendo.sqlite'),
  });
  const pro = await makeUser(t, { userType: 1, countryId: 12 });
  proToken = pro.token;
  const saved = await t.call(
    'update-local-payments',
    { publicKey: 'APP_USR-public-9f3a', secretKey: 'APP_USR-secret-77c1' },
    pro.token,
  );
  expect(saved.statusCode).toBe(200);
  const now = t.clock.now.toISOString();
  // A calendar link sealed before key ids existed ('v1:'), and AFIP keys sealed under the old key.
  const v2 = sealSecret(keyRingOf(oldKey), JSON.stringify({ password: 'caldav-pass' }));
  await t.deps.db
    .insertInto('external_links')
    .values({
      user_id: pro.id,
      kind: 'calendar',
      provider: 'caldav',
      account: 'ana',
      credentials_sealed: `v1:${v2.split(':')[2]}`,
      busy_synced_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.deps.db
    .insertInto('afip_credentials')
    .values({
      user_id: pro.id,
      environment: 'imitacion',
      cuit: '20123456786',
      private_key_sealed: sealSecret(keyRingOf(oldKey), '-----BEGIN PRIVATE KEY-----'),
      csr_pem: '-----BEGIN CERTIFICATE REQUEST-----',
      certificate_sealed: sealSecret(keyRingOf(oldKey), '-----BEGIN CERTIFICATE-----'),
      certificate_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('key rotation (npm run reseal)', () => {
  it('names every sealed column of the schema, so none is left under a removed key', async () => {
    const found = process.env.TEST_DATABASE_URL
      ? await sql<{
          t: string;
          c: string;
        }>`select table_name as t, column_name as c from information_schema.columns
          where table_schema = current_schema() and column_name like '%\\_sealed'`.execute(t.deps.db)
      : await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m
          join pragma_table_info(m.name) p where m.type = 'table' and p.name like '%\\_sealed' escape '\\'`.execute(
          t.deps.db,
        );
    const listed = Object.entries(sealedColumns).flatMap(([table, columns]) =>
      columns.map((c) => `${table}.${c}`),
    );
    expect(found.rows.map((row) => `${row.t}.${row.c}`).sort()).toEqual(listed.sort());
  });

  it('rotates: the new key seals, the old one still opens, reseal moves everything, the old key goes', async () => {
    // The old key gone before a reseal: the secrets it sealed no longer open.
    for (const value of await sealedValues(t.deps.db)) {
      expect(() => openSecret(keyRingOf(newKey), value)).toThrow();
    }

    const rotated = await restartWith(keyRingOf(newKey, [oldKey]));
    expect((await localKeysThrough(rotated.app)).body).toMatchObject({
      publicKey: '••••9f3a',
      secretKey: '••••77c1',
    });
    expect(await resealSecrets(rotated.deps.db, keyRingOf(newKey, [oldKey]))).toBe(5);
    expect(await resealSecrets(rotated.deps.db, keyRingOf(newKey, [oldKey]))).toBe(0);
    await rotated.app.close();

    const after = await restartWith(keyRingOf(newKey));
    expect((await localKeysThrough(after.app)).body).toMatchObject({
      publicKey: '••••9f3a',
      secretKey: '••••77c1',
    });
    const values = await sealedValues(after.deps.db);
    expect(values).toHaveLength(5);
    for (const value of values) {
      expect(value.startsWith(`v2:${keyId(newKey)}:`)).toBe(true);
      expect(() => openSecret(keyRingOf(newKey), value)).not.toThrow();
    }
    expect(JSON.parse(openSecret(keyRingOf(newKey), values[2] ?? ''))).toEqual({ password: 'caldav-pass' });
    await after.app.close();
  });
});
