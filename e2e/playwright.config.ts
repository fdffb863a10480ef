import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromium, freePort } from './browser.ts';

/**
 * End-to-end tests drive the real app (server + built SPA) in Debian's Chromium.
 *
 * The server runs on a free loopback port with a fresh data folder, both chosen once in the
 * runner process and passed to the workers through the environment (Playwright evaluates
 * this file again in every worker, which must agree on the port).
 *
 * - E2E_PORT: use this port instead of a free one.
 * - E2E_DATA_DIR: the server's DATA_DIR (SQLite file, uploads); tests may read it.
 * - E2E_MOBILE=0: run the desktop project only.
 * - CHROMIUM_PATH: the browser (default /usr/bin/chromium; nothing is ever downloaded).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-e2e-'));
}

const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const origin = `http://127.0.0.1:${port}`;
const withMobile = process.env.E2E_MOBILE !== '0';

// The server runs in development mode (so /dev/mailbox exists): drop any NODE_ENV we inherited.
const serverEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && key !== 'NODE_ENV') serverEnv[key] = value;
}
Object.assign(serverEnv, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  LOG_LEVEL: 'warn',
  SEED_DEMO: '1',
  // The app under test uses SQLite and in-memory rate limits whatever the shell had.
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
});

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  // CI asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the tests it ran.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: origin,
    headless: true,
    launchOptions: chromium,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'desktop',
      // Layouts that exist on a phone only (a sticky bar): the desktop would measure nothing.
      testIgnore: /phone-toasts\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
    ...(withMobile
      ? [
          {
            name: 'phone',
            use: {
              ...devices['Pixel 5'],
              launchOptions: chromium,
              viewport: { width: 375, height: 740 },
              isMobile: true,
              hasTouch: true,
            },
          },
        ]
      : []),
  ],
  webServer: {
    // What `npm start` serves: the server compiled to apps/server/dist (under a second to build),
    // so the journeys run against the shipped build and never against a stale one.
    command: 'node apps/server/build.mjs && exec node apps/server/dist/main.js',
    cwd: repoRoot,
    env: serverEnv,
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
