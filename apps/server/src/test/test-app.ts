import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ActionName, InputOf } from '@agendo/contract';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type BuildOptions, type BuiltApp, buildApp } from '../app.ts';
import { type AppConfig, defaultConfig } from '../config.ts';
import { listOutbox } from '../modules/notifications/notifications.repository.ts';
import { wsUrlOf } from './ws-client.ts';

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

type Lazy<T> = T | (() => T);
const evaluate = <T>(value: Lazy<T>): T => (typeof value === 'function' ? (value as () => T)() : value);

/**
 * Registers the hooks that start a test app before the file's tests (or before each test with
 * `perTest`) and close it after, and answers a handle that stands for the running app, so a
 * test file writes `const t = useTestApp()` instead of its own `let` and pair of hooks. The
 * settings may be functions when they depend on something an earlier `beforeAll` made (a fake
 * SMTP server's port); a file's own later `beforeAll` sees the app already started, and its
 * `afterAll` runs before the app closes (Vitest runs after-hooks in reverse order).
 * With `listen` the app also answers on a real port that is its public URL, for flows that
 * follow their own links over HTTP (the calendar imitation's consent page).
 */
export function useTestApp(
  overrides: Lazy<Partial<AppConfig>> = {},
  options: Lazy<BuildOptions> = {},
  { perTest = false, listen = false }: { perTest?: boolean; listen?: boolean } = {},
): TestApp {
  let current: TestApp | undefined;
  (perTest ? beforeEach : beforeAll)(async () => {
    const port = listen ? await freePort() : undefined;
    const config = port
      ? { publicUrl: `http://127.0.0.1:${port}`, ...evaluate(overrides) }
      : evaluate(overrides);
    current = await startTestApp(config, evaluate(options));
    if (port) await current.app.listen({ port, host: '127.0.0.1' });
  });
  (perTest ? afterEach : afterAll)(async () => {
    await current?.close();
    current = undefined;
  });
  const running = () => {
    if (!current) throw new Error('the test app runs only between its hooks');
    return current;
  };
  return new Proxy({} as TestApp, {
    get: (_, key) => Reflect.get(running(), key),
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

/**
 * Two instances of one deployment (ARCHITECTURE §1) for the file's tests: the test app `a` and
 * its twin `b` on the same database and Redis prefix, each listening for sockets at `urlA` and
 * `urlB`. On SQLite both open one file (PostgreSQL ignores it). The twin closes before `a`, the
 * file's folder after both; a file's own `afterAll` (closing its sockets) runs before either.
 */
export function useTwinTestApps(overrides: Partial<AppConfig> = {}) {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-twins-'));
  afterAll(() => fs.rmSync(sqliteDir, { recursive: true, force: true }));
  const a = useTestApp({ sqliteFile: path.join(sqliteDir, 'shared.sqlite'), ...overrides });
  const twins = { a } as { a: TestApp; b: BuiltApp; urlA: string; urlB: string };
  beforeAll(async () => {
    twins.b = await a.startTwin();
    twins.urlA = await wsUrlOf(a.app);
    twins.urlB = await wsUrlOf(twins.b.app);
  });
  afterAll(() => twins.b.app.close());
  return twins;
}

/** A port nobody listens on now, for a server whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
