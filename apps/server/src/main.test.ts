import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs main.ts (through tsx, or the compiled dist/main.js that `npm start` runs) on a fresh or
 * given data folder and a free port; `out` collects stdout and stderr.
 */
async function startMain(env: Record<string, string>, how: { compiled?: boolean; dataDir?: string } = {}) {
  const port = await freePort();
  const dataDir = how.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-main-'));
  dataDirs.push(dataDir);
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  const args = how.compiled
    ? [path.join(here, '../dist/main.js')]
    : ['--import', 'tsx', path.join(here, 'main.ts')];
  const child = spawn(process.execPath, args, {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { port, dataDir, child, out: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    run.out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    run.out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = async () => {
    const deadline = Date.now() + 80_000;
    while (!run.out.includes('Agendo está listo') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  };
  return { run, exited, ready };
}

const productionBase = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://agendo.example.com',
  MEDIA_URL_SECRET: 'm'.repeat(40),
  KEY_ENCRYPTION_KEY: 'cd'.repeat(32),
  AFIP_ENV: 'homologacion',
  VAPID_PUBLIC_KEY: 'BFciaTGygEP6RQCF1iZ87l1guOFiLXsPVWAaAbNgqBcHwzz7hrTyfm-1OI_X5YuYVPg7tWcc1hgsZ_-Lp1shApU',
  VAPID_PRIVATE_KEY: 'rC1h0U9y4eBY28_G7QgTugFmxMk5S7L7ew3d3fwij9Q',
  VAPID_SUBJECT: 'mailto:soporte@agendo.example.com',
};

describe('main', () => {
  it('starts on an empty data folder, prints the demo logins, serves, and exits cleanly on SIGTERM', async () => {
    const { run, exited, ready } = await startMain({});
    await ready();
    expect(run.out).toContain(`Agendo está listo en http://localhost:${run.port}`);
    expect(run.out).toContain('profesional@agendo.test');
    expect(run.out).toContain('consultante@agendo.test');
    expect(run.out).toContain('demo1234');
    expect(fs.existsSync(path.join(run.dataDir, 'agendo.sqlite'))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${run.port}/healthz`);
    expect(await health.json()).toEqual({ status: '200' });

    run.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 100_000);

  it('compiled as npm start runs it (node dist/main.js, no tsx): seeds, restarts on its data folder, exits cleanly', async () => {
    execFileSync(process.execPath, [path.join(here, '../build.mjs')], { stdio: 'pipe' });
    const first = await startMain({}, { compiled: true });
    await first.ready();
    expect(first.run.out).toContain('Agendo está listo');
    first.run.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The second start finds the seeded folder: the demo login still works, compressed answers too.
    const again = await startMain({}, { compiled: true, dataDir: first.run.dataDir });
    await again.ready();
    expect(again.run.out).toContain('Agendo está listo');
    const login = await fetch(`http://127.0.0.1:${again.run.port}/index.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'login',
        userMail: 'profesional@agendo.test',
        userPassword: 'demo1234',
      }),
    });
    expect(await login.json()).toMatchObject({ status: '200', userType: 1 });
    again.run.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 200_000);

  it('refuses to start in production without keys, naming everything missing, without a stack trace', async () => {
    const { run, exited } = await startMain({ NODE_ENV: 'production', PORT: 'abc' });
    expect(await exited).toBe(1);
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'MEDIA_URL_SECRET',
      'KEY_ENCRYPTION_KEY',
      'DLOCAL_LOGIN',
      'STRIPE_SECRET_KEY',
      'MERCADOPAGO_ACCESS_TOKEN',
      'PAYPAL_CLIENT_ID',
      'PAYMENTS_SANDBOX=1',
      'AFIP_ENV',
    ]) {
      expect(run.out).toContain(name);
    }
    expect(run.out).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(run.dataDir, 'agendo.sqlite'))).toBe(false);
  }, 100_000);

  it('in production with SEED_DEMO=1 and the sandbox opted into: warns, and prints no demo login', async () => {
    const { run, exited, ready } = await startMain({
      ...productionBase,
      SEED_DEMO: '1',
      PAYMENTS_SANDBOX: '1',
      PAYMENTS_SANDBOX_SECRET: 's'.repeat(40),
    });
    await ready();
    expect(run.out).toContain('Agendo está listo');
    expect(run.out).toMatch(/PAYMENTS_SANDBOX=1.*dlocal, stripe, mercadopago, paypal/);
    expect(run.out).not.toContain('demo1234');
    expect(run.out).not.toContain('@agendo.test');
    run.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 100_000);
});
