import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../test/multipart.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { backupDataDir, DataDirRefused, restoreDataDir, sqliteName } from './backup.ts';

// issue 28 "Backups that restore": the embedded deployment (SQLite + DATA_DIR). With PostgreSQL
// the database is pg_dump's (README); this suite runs on SQLite files only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `agendo-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** An app on its own DATA_DIR with an SQLite file, as a deployment runs. */
const appOn = (dataDir: string) => startTestApp({ dataDir, sqliteFile: path.join(dataDir, sqliteName) });

/** Uploads an avatar; answers its link and the bytes stored (a webp re-encoded from the PNG). */
async function uploadAvatar(t: TestApp, token: string): Promise<{ link: string; stored: Buffer }> {
  const body = multipartBody({}, [{ field: 'image', name: 'cara.png', type: 'image/png', bytes: png }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload/avatar',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  const link = res.json().userImg as string;
  return { link, stored: (await t.app.inject({ method: 'GET', url: link })).rawPayload };
}

describe.skipIf(onPostgres)('backup and restore of DATA_DIR', () => {
  it('a backup taken under write load restores into a new folder with every acknowledged write and file', async () => {
    const live = tempDir('live');
    const t = await appOn(live);
    // Acknowledged before the backup: accounts, and one avatar file each for some of them.
    const accounts: Array<{
      userMail: string;
      userPassword: string;
      avatar?: { link: string; stored: Buffer };
    }> = [];
    for (let i = 0; i < 8; i++) {
      const user = await t.registerUser(i % 2 === 0 ? 1 : 2);
      accounts.push(i < 4 ? { ...user, avatar: await uploadAvatar(t, user.token) } : user);
    }

    // Writes keep coming while the backup runs.
    let writing = true;
    let duringBackup = 0;
    const load = (async () => {
      while (writing) {
        await t.registerUser(2);
        duringBackup += 1;
      }
    })();
    // An upload in flight (DATA_DIR/tmp) is no acknowledged file: it stays out of the archive.
    fs.mkdirSync(path.join(live, 'tmp', 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(live, 'tmp', 'uploads', 'in-flight.part'), 'x');
    const archive = path.join(tempDir('archive'), 'agendo.tar.gz');
    const done = await backupDataDir({
      dataDir: live,
      sqliteFile: path.join(live, sqliteName),
      target: archive,
    });
    writing = false;
    await load;
    await t.close();
    expect(done.database).toBe(true);
    expect(done.files).toBeGreaterThanOrEqual(4);
    expect(duringBackup).toBeGreaterThan(0);

    // The archive holds the online copy, never the live WAL files.
    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => listed.push(entry.path) });
    expect(listed).toContain(sqliteName);
    expect(listed.filter((p) => /agendo\.sqlite-(wal|shm)$/.test(p))).toEqual([]);
    expect(listed.filter((p) => p.startsWith('tmp'))).toEqual([]);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);

    const restoredDir = path.join(tempDir('restored'), 'data');
    const restored = await restoreDataDir({ archive, dataDir: restoredDir });
    expect(restored.database).toBe(true);
    const back = await appOn(restoredDir);
    try {
      for (const account of accounts) {
        const login = await back.call('login', {
          userMail: account.userMail,
          userPassword: account.userPassword,
        });
        expect(login.statusCode, account.userMail).toBe(200);
        if (!account.avatar) continue;
        expect((await back.call('find-user-info', {}, login.body.token)).body.userImg).toBe(
          account.avatar.link,
        );
        const served = await back.app.inject({ method: 'GET', url: account.avatar.link });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(account.avatar.stored)).toBe(true);
      }
    } finally {
      await back.close();
    }
  });

  it('a restore refuses a folder that is not empty, and a missing archive, and writes nothing', async () => {
    const live = tempDir('live');
    const t = await appOn(live);
    await t.registerUser(1);
    const archive = path.join(tempDir('archive'), 'agendo.tar.gz');
    await backupDataDir({ dataDir: live, sqliteFile: path.join(live, sqliteName), target: archive });
    await t.close();

    const busy = tempDir('busy');
    fs.writeFileSync(path.join(busy, 'notas.txt'), 'de otra instalación');
    await expect(restoreDataDir({ archive, dataDir: busy })).rejects.toBeInstanceOf(DataDirRefused);
    expect(fs.readdirSync(busy)).toEqual(['notas.txt']);

    const empty = tempDir('empty');
    await expect(restoreDataDir({ archive: `${archive}.nope`, dataDir: empty })).rejects.toBeInstanceOf(
      DataDirRefused,
    );
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
