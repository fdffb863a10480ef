import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { configFromEnv, defaultConfig } from '../../config.ts';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { createOutbound } from '../../lib/outbound.ts';
import { createPlanCards, planCardFormSources } from './plan-cards.ts';

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

// Issue 28: with PAYMENTS_SANDBOX=1 in production the imitation may link its test card, but a
// charge it approves is never money: the plan stays unpaid.
describe('the imitation’s charges', () => {
  it.each([
    ['development', 'approved'],
    ['production', 'declined'],
  ] as const)('in %s a charge on the test card is %s', async (env, kind) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-plan-cards-'));
    const cards = createPlanCards(
      defaultConfig({ env, dataDir, payments: { sandboxSecret: 's'.repeat(32), sandboxOptIn: true } }),
      () => new Date(),
      createOutbound({ env }),
    );
    try {
      const setup = await cards.stripe.startSetup({
        linkRef: 'link1',
        email: 'ana@example.com',
        currency: 'USD',
        successUrl: 'http://agendo.test/ok',
        cancelUrl: 'http://agendo.test/no',
      });
      expect(cards.imitation?.completeSetup(setup.sessionId, '4242424242424242')?.ok).toBe(true);
      const saved = await cards.stripe.readSetup(setup.sessionId);
      const outcome = await cards.stripe.charge({
        customerId: saved.customerId ?? '',
        paymentMethodId: saved.paymentMethodId ?? '',
        amountMinor: 1500,
        currency: 'USD',
        chargeRef: 'charge1',
        description: 'Agendo · plan',
        idempotencyKey: 'charge1-1',
      });
      expect(outcome.kind).toBe(kind);
    } finally {
      await cards.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
