import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { appServer, serverEnv } from './app-server.ts';
import { browserUse, chromium, freePort } from './browser.ts';

/**
 * Issue 17's acceptance journey across instances: two app servers (the shipped build) sharing a
 * fresh PostgreSQL database and Redis, as behind a load balancer. The professional's browser talks
 * to one and the client's to the other, so every live frame (chat, read marks, room signalling)
 * has to cross the Redis bus. `playwright.config.ts` runs the same journey on the embedded
 * default (one instance, SQLite, in-memory bus).
 *
 * - E2E_DATABASE_URL: a database URL on a PostgreSQL server where we may create databases (CI:
 *   postgres://postgres@127.0.0.1:5432/postgres).
 *   The database `agendo_e2e_live` is dropped and created again at every run.
 * - E2E_REDIS_URL: the Redis both instances share (a key prefix of their own is not needed: the
 *   bus channel carries the database's events only while the run lasts).
 * Without both, this config has no server and no test (`--pass-with-no-tests`).
 */

const adminUrl = process.env.E2E_DATABASE_URL ?? '';
const redisUrl = process.env.E2E_REDIS_URL ?? '';
const enabled = adminUrl !== '' && redisUrl !== '';
const database = 'agendo_e2e_live';

// Chosen once in the runner process; the workers evaluate this file again and must agree.
if (!process.env.E2E_LIVE_PORTS) {
  process.env.E2E_LIVE_PORTS = `${await freePort()},${await freePort()}`;
  if (enabled) {
    // psql (PostgreSQL's own client, as .ci/run uses): the e2e package needs no driver.
    for (const sql of [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`, `CREATE DATABASE ${database}`]) {
      execFileSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'inherit' });
    }
  }
}
const [portA, portB] = (process.env.E2E_LIVE_PORTS ?? '').split(',').map(Number) as [number, number];
const origins = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`] as const;
// The journey's second browser connects here (the spec reads it).
process.env.E2E_SECOND_ORIGIN = origins[1];

const databaseUrl = new URL(adminUrl || 'postgres://localhost/x');
databaseUrl.pathname = `/${database}`;

function instanceEnv(port: number, origin: string): Record<string, string> {
  return serverEnv(port, origin, {
    // Each instance keeps its uploads apart, as two machines would.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-e2e-live-')),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
  });
}

export default defineConfig({
  testDir: './tests',
  testMatch: /live-journey\.spec\.ts/,
  outputDir: './test-results/live',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [
        ['list'],
        ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME.replace(/\.json$/, '-live.json') }],
      ]
    : 'list',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: browserUse(origins[0]),
  projects: enabled
    ? [
        {
          name: 'two-instances',
          use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
        },
      ]
    : [],
  // Started one after the other: the first migrates and seeds the database, the second finds it
  // ready (and the second start proves a seeded database is left as it is).
  webServer: enabled
    ? [
        appServer(
          'node apps/server/build.mjs && exec node apps/server/dist/main.js',
          origins[0],
          instanceEnv(portA, origins[0]),
          90_000,
        ),
        appServer('exec node apps/server/dist/main.js', origins[1], instanceEnv(portB, origins[1]), 90_000),
      ]
    : [],
});
