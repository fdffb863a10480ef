import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/seed.ts';
import { startTestApp, useTestApp } from '../test/test-app.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="es"><title>Agendo</title></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
// What the web build writes for a text asset of 1 kB or more: the file and its two siblings.
const bigAsset = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(',')}];`;
fs.writeFileSync(path.join(webDist, 'assets', 'page-def456.js'), bigAsset);
fs.writeFileSync(path.join(webDist, 'assets', 'page-def456.js.br'), zlib.brotliCompressSync(bigAsset));
fs.writeFileSync(path.join(webDist, 'assets', 'page-def456.js.gz'), zlib.gzipSync(bigAsset));

let logs = '';
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs += chunk.toString();
    done();
  },
});

afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = useTestApp({ webDist, logLevel: 'info', trustProxy: true }, { logStream });
beforeAll(async () => {
  await seedDemo(t.deps);
});

describe('security headers', () => {
  it('sends CSP and the framing and referrer policies on documents, SPA pages and its 404 alike', async () => {
    for (const url of ['/ar/es/', '/xx/es/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('does not repeat the document policies on scripts and API answers, but keeps nosniff and CORP', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
      await t.app.inject({
        method: 'GET',
        url: '/assets/page-def456.js',
        headers: { 'accept-encoding': 'br' },
      }),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'POST', url: '/index.php', payload: { action: 'find-countries' } }),
      await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' }),
    ];
    for (const res of answers) {
      const label = `${res.statusCode} ${res.headers['content-type']}`;
      expect(res.headers['content-security-policy'], label).toBeUndefined();
      expect(res.headers['x-frame-options'], label).toBeUndefined();
      expect(res.headers['referrer-policy'], label).toBeUndefined();
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], label).toBe('same-origin');
    }
  });

  it('adds HSTS only when the request came over TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('single-page app', () => {
  it('answers every /{country}/{lang}/ path with the app', async () => {
    for (const url of ['/', '/ar/es/', '/mx/en/login', '/la/es/verify-email/abc', '/cl/es/my-account?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Agendo</title>');
    }
  });

  it('still renders the app (its Spanish 404 page) for an unknown prefix, with status 404', async () => {
    for (const url of ['/xx/es/', '/ar/fr/login', '/whatever']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Agendo</title>');
    }
  });

  it('serves hashed assets with a long cache and never index.html for a missing file', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });
});

describe('compression', () => {
  const assetUrl = '/assets/page-def456.js';

  it('sends a built asset as its precompressed brotli or gzip sibling per Accept-Encoding, with Vary', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: assetUrl,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);

    const gzip = await t.app.inject({ method: 'GET', url: assetUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(bigAsset);

    const plain = await t.app.inject({
      method: 'GET',
      url: assetUrl,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bigAsset);
  });

  it('caches hashed assets for a year, immutable, compressed or not; index.html is revalidated', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({
        method: 'GET',
        url: assetUrl,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const page = await t.app.inject({ method: 'GET', url: '/ar/es/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers of 1 kB or more and leaves small ones plain', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { action: 'find-countries', userLang: 'es' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString());
    expect(body.countries.length).toBeGreaterThan(200);
    expect(large.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 3);

    const gzip = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      headers: { 'accept-encoding': 'gzip' },
      payload: { action: 'find-countries', userLang: 'es' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: '200' });

    const notAsked = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      headers: { 'accept-encoding': 'identity' },
      payload: { action: 'find-countries', userLang: 'es' },
    });
    expect(notAsked.headers['content-encoding']).toBeUndefined();
    expect(notAsked.json().countries.length).toBeGreaterThan(200);
  });
});

describe('short links', () => {
  it('redirects /go/{ref} to its page and unknown refs to the 404 page', async () => {
    const known = await t.app.inject({ method: 'GET', url: '/go/registro' });
    expect(known.statusCode).toBe(302);
    expect(known.headers.location).toBe('/ar/es/register?tipo=profesional');
    const unknown = await t.app.inject({ method: 'GET', url: '/go/nope' });
    expect(unknown.headers.location).toBe('/la/es/404');
  });
});

describe('dev mailbox', () => {
  it('lists mails with their links, escaped', async () => {
    const { userMail } = await t.registerUser(1, { userFirstName: 'Eva' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(userMail);
    expect(res.body).toMatch(/<a href="http:\/\/agendo\.test\/ar\/es\/verify-email\/[A-Za-z0-9_-]+">/);
  });

  it('does not exist in production', async () => {
    const prod = await startTestApp({
      env: 'production',
      webDist,
      payments: { sandboxSecret: 's'.repeat(40), sandboxOptIn: true },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, bearer tokens or one-time links', async () => {
    const login = await t.call('login', { userMail: 'profesional@agendo.test', userPassword: 'demo1234' });
    const token = login.body.token as string;
    await t.call('find-user-info', {}, token);
    await t.app.inject({ method: 'GET', url: '/ar/es/verify-email/SecretLinkToken123456' });
    await t.call('login', { userMail: 'profesional@agendo.test', userPassword: 'wrong-password-xyz' });
    expect(logs).toContain('/index.php');
    expect(logs).not.toContain('demo1234');
    expect(logs).not.toContain('wrong-password-xyz');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('SecretLinkToken123456');
  });
});

describe('demo seed', () => {
  it('is idempotent and lets the demo accounts in', async () => {
    await seedDemo(t.deps);
    const pro = await t.call('login', { userMail: 'profesional@agendo.test', userPassword: 'demo1234' });
    const client = await t.call('login', { userMail: 'consultante@agendo.test', userPassword: 'demo1234' });
    expect(pro.body).toMatchObject({ status: '200', userType: 1 });
    expect(client.body).toMatchObject({ status: '200', userType: 2 });
  });
});

describe('reference data through the dispatcher', () => {
  it('answers countries in Spanish with the spec ids, then states and cities in sequence', async () => {
    const countries = await t.call('find-countries', {});
    const ar = countries.body.countries.find((c: { iso2: string }) => c.iso2 === 'AR');
    expect(ar).toMatchObject({ id: 5, name: 'Argentina' });
    expect(countries.body.countries.find((c: { iso2: string }) => c.iso2 === 'ES')).toMatchObject({
      id: 28,
      name: 'España',
    });
    const states = await t.call('find-states', { userCountry: 5 });
    const cordoba = states.body.states.find((s: { name: string }) => s.name === 'Córdoba');
    expect(cordoba).toBeDefined();
    const cities = await t.call('find-cities', { userState: cordoba.id });
    expect(cities.body.cities.length).toBeGreaterThan(10);
    const currency = await t.call('find-currency', { userCountry: 42 });
    expect(currency.body.currencies[0]).toMatchObject({ code: 'MXN' });
  });

  it('locates a country by IP, offline', async () => {
    expect((await t.call('geo-country-location', { ip: '8.8.8.8' })).body).toEqual({
      status: '200',
      country: 'US',
    });
    expect((await t.call('geo-country-location', {})).body).toEqual({ status: '200', country: '' });
    expect((await t.call('geo-country-location', { ip: 'not-an-ip' })).body).toMatchObject({
      code: 'E1',
      field: 'ip',
    });
  });
});
