import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActionName, InputOf } from '@agendo/contract';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app.ts';
import { type AppConfig, defaultConfig } from '../config.ts';
import { listOutbox } from '../modules/notifications/notifications.repository.ts';

/**
 * A fresh app per test file: SQLite in memory by default; with TEST_DATABASE_URL the same
 * suite runs on PostgreSQL in a schema of its own, and with TEST_REDIS_URL the rate limits
 * live in Redis (ARCHITECTURE §5).
 */
export async function startTestApp(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}) {
  const id = randomBytes(6).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${id}` : undefined;
  const clock = { now: new Date('2026-11-22T12:00:00Z') };
  const config = defaultConfig({
    env: 'test',
    dataDir,
    sqliteFile: ':memory:',
    databaseUrl,
    databaseSchema: schema,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    webDist: path.join(dataDir, 'no-web'),
    publicUrl: 'http://agendo.test',
    logLevel: 'silent',
    seedDemo: false,
    ...overrides,
  });
  const buildOptions: BuildOptions = { now: () => clock.now, redisPrefix: `agendo:test:${id}:`, ...options };
  const { app, deps } = await buildApp(config, buildOptions);
  await app.ready();

  /**
   * Another instance of the same deployment: the same database and Redis prefix (so the same
   * bus), its own process state. Needs a database both can open (PostgreSQL or an SQLite file).
   */
  async function startTwin() {
    const twin = await buildApp(config, buildOptions);
    await twin.app.ready();
    return twin;
  }

  async function call<A extends ActionName>(
    action: A,
    input: InputOf<A> | Record<string, unknown>,
    token?: string | null,
    remoteAddress = '127.0.0.1',
  ) {
    const response = await app.inject({
      method: 'POST',
      url: '/index.php',
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { action, browserCountry: 'ar', userLang: 'es', urlcode: 'localhost', ...input },
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
    return { statusCode: response.statusCode, body: response.json() as any };
  }

  let seq = 0;
  async function registerUser(kind: 1 | 2 = 1, extra: Record<string, unknown> = {}) {
    seq += 1;
    const userMail = `user${seq}-${id}@example.com`;
    const userPassword = 'correct horse battery';
    const res = await call(
      'register',
      {
        userFirstName: 'Ana',
        userLastName: 'Pérez',
        userMail,
        userPassword,
        userType: kind,
        ...extra,
      },
      null,
      `10.0.${Math.floor(seq / 250)}.${seq % 250}`,
    );
    if (res.statusCode !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
    return { token: res.body.token as string, userMail, userPassword };
  }

  async function lastMailTo(to: string) {
    const [newest] = await listOutbox(deps.db, 1, to);
    return newest;
  }

  /** The one-time token inside the newest mail to `to` for a route such as verify-email. */
  async function linkTokenFrom(to: string, route: string) {
    const mail = await lastMailTo(to);
    const match = mail ? new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(mail.text) : null;
    if (!match?.[1]) throw new Error(`no ${route} link mailed to ${to}`);
    return match[1];
  }

  async function close() {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }

  return { app, deps, config, clock, call, registerUser, lastMailTo, linkTokenFrom, startTwin, close };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
