import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config.ts';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { planCardFormSources } from './plan-cards.ts';

// Issue 16: with a real Mercado Pago public key the card-linking modal loads MP.js (its card
// payment brick); the page's policy lets its SDK through then, and only then.
async function pagePolicy(env: Record<string, string>) {
  const app = Fastify();
  registerSecurityHeaders(app, planCardFormSources(configFromEnv({ NODE_ENV: 'development', ...env })));
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(res.headers['content-security-policy']);
}

const mercadoPago = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token', MERCADOPAGO_WEBHOOK_SECRET: 'secret' };

describe('the page policy and Mercado Pago’s card form', () => {
  it('lets MP.js, its API and its secure fields through when the public key is configured', async () => {
    const policy = await pagePolicy({ ...mercadoPago, MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public' });
    expect(policy).toContain("script-src 'self' https://sdk.mercadopago.com");
    expect(policy).toMatch(/connect-src 'self' [^;]*https:\/\/api\.mercadopago\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/\*\.mercadopago\.com/);
  });

  it('adds nothing without it (the sandbox’s own form, or Mercado Pago without a public key)', async () => {
    for (const env of [{}, mercadoPago]) {
      const policy = await pagePolicy(env);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('mercadopago');
    }
  });
});
