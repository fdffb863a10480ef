import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { appServer, serverEnv } from './app-server.ts';
import { browserUse, chromium, freePort } from './browser.ts';

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

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-e2e-'));
}

const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const origin = `http://127.0.0.1:${port}`;
const withMobile = process.env.E2E_MOBILE !== '0';

// The app under test uses SQLite and in-memory rate limits whatever the shell had.
const env = serverEnv(port, origin, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });

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
  use: browserUse(origin),
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
  // What `npm start` serves: the server compiled to apps/server/dist (under a second to build),
  // so the journeys run against the shipped build and never against a stale one.
  webServer: appServer(
    'node apps/server/build.mjs && exec node apps/server/dist/main.js',
    origin,
    env,
    60_000,
  ),
});
