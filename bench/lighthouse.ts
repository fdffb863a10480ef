/**
 * Lighthouse, mobile preset (Moto G Power, slow 4G, 4x CPU throttling), on the four public pages
 * of issue 13: home, a service, the demo course and login. Starts the compiled server (what
 * `npm start` runs) on a free loopback port with a fresh data folder and the demo seed, serving
 * the build in apps/web/dist; runs Debian's Chromium (/usr/bin/chromium, never a downloaded
 * browser) with an empty cache for every page.
 *
 *   npm run build && npm run bench:lighthouse -w @agendo/bench
 *
 * LIGHTHOUSE_RUNS=3 takes the median of three runs per page (default 1).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function api<T>(origin: string, action: string, input: object, token?: string): Promise<T> {
  const response = await fetch(`${origin}/index.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ action, browserCountry: 'ar', userLang: 'es', urlcode: 'bench', ...input }),
  });
  return (await response.json()) as T;
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'agendo-lighthouse-'));
const serverEnv = { ...process.env };
delete serverEnv.NODE_ENV;
const server = spawn('sh', ['-c', 'node apps/server/build.mjs && exec node apps/server/dist/main.js'], {
  cwd: repoRoot,
  env: {
    ...serverEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  await waitFor(`${origin}/healthz`, server);
  const search = await api<{ publications: { ref: string; title: string }[] }>(
    origin,
    'search-publications',
    {
      text: 'Sesión de psicología online',
    },
  );
  const service = search.publications[0];
  if (!service) throw new Error('no demo publication');
  const login = await api<{ token: string }>(origin, 'login', {
    userMail: 'profesional@agendo.test',
    userPassword: 'demo1234',
  });
  const mine = await api<{ workshops: { ref: string; title: string }[] }>(
    origin,
    'find-my-workshops',
    {},
    login.token,
  );
  const course = mine.workshops.find((w) => w.title === 'Respiración consciente para la ansiedad');
  if (!course) throw new Error('no demo course');

  const pages = {
    home: '/ar/es/',
    service: `/ar/es/service/${service.ref}`,
    course: `/ar/es/course/${course.ref}`,
    login: '/ar/es/login',
  };
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  console.log('| page | performance | accessibility | FCP | LCP | TBT | CLS | JS transferred | requests |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, route] of Object.entries(pages)) {
    const results: Record<string, number>[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The mobile preset is Lighthouse's default (formFactor mobile, simulated slow 4G).
        disableStorageReset: false,
      });
      if (!result) throw new Error(`no result for ${name}`);
      if (result.lhr.runtimeError) {
        console.error(`  ${name}: ${result.lhr.runtimeError.code}, run not counted`);
        continue;
      }
      const { audits, categories } = result.lhr;
      const items =
        (
          audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? 0,
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        js: items
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        requests: items.length,
      });
      const failing = Object.values(audits).filter(
        (audit) => audit.score === 0 && ['color-contrast', 'target-size'].includes(audit.id),
      );
      for (const audit of failing) {
        const nodes =
          (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [];
        console.error(`  ${name}: ${audit.id} fails`);
        for (const { node } of nodes)
          console.error(`    ${node?.snippet} ${node?.explanation?.split('\n')[1] ?? ''}`);
      }
    }
    if (results.length === 0) {
      console.log(`| ${name} | no valid run | | | | | | | |`);
      continue;
    }
    const m = (key: string) => median(results.map((r) => r[key] as number));
    console.log(
      `| ${name} | ${m('performance')} | ${m('accessibility')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${(m('js') / 1000).toFixed(0)} kB | ${m('requests')} |`,
    );
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
