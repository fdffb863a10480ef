import { type RouteDef, routes } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { type TestApp, useTestApp } from '../test/test-app.ts';

const keys: AppConfig['payments'] = {
  sandboxSecret: 'x'.repeat(40),
  sandboxOptIn: false,
  stripe: { secretKey: 'sk_live_fake', webhookSecret: 'whsec_fake', planWebhookSecret: 'whsec_plan_fake' },
  mercadopago: { accessToken: 'APP_USR-fake', webhookSecret: 'mp-fake' },
  dlocal: { login: 'login', transKey: 'trans', secretKey: 'dlocal-fake' },
  paypal: { clientId: 'client', clientSecret: 'paypal-fake', webhookId: 'WH-fake' },
};

const table = Object.values(routes) as RouteDef[];
const development = table.filter((def) => def.only === 'development');
const sandbox = table.filter((def) => def.only === 'sandbox');
/** Every route of the table as `METHOD path` that `t` registered, with Fastify's own lookup. */
const registered = (t: TestApp, defs: RouteDef[]) =>
  defs
    .flatMap((def) => [def.path, ...def.aliases].map((url) => ({ method: def.method, url })))
    .filter((route) => t.app.hasRoute(route))
    .map((route) => `${route.method} ${route.url}`);
const imitationPaths = /\/(imitation|dev|sandbox-checkout|sandbox-plan-card)\b/;

describe('the development plugin (issue 27)', () => {
  const dev = useTestApp();
  const production = useTestApp({ env: 'production', payments: keys });
  // PAYMENTS_SANDBOX=1: the operator accepts the sandbox for the providers without keys.
  const staging = useTestApp({
    env: 'production',
    payments: { ...keys, sandboxOptIn: true, dlocal: undefined, stripe: undefined },
  });

  it('the route table marks the imitations and the development tools', () => {
    expect(development.map((def) => def.name)).toEqual([
      'dev-mailbox',
      'dev-mail',
      'dev-mail-attachment',
      'provider-imitation-get',
      'provider-imitation-post',
      'provider-imitation-put',
      'provider-imitation-delete',
      'provider-imitation-report',
    ]);
    expect(sandbox.map((def) => def.name)).toEqual([
      'sandbox-plan-card-page',
      'sandbox-plan-card-submit',
      'sandbox-return-script',
      'sandbox-checkout-page',
      'sandbox-checkout-pay',
    ]);
  });

  it('a development app registers every one of them', () => {
    expect(registered(dev, [...development, ...sandbox])).toHaveLength(development.length + sandbox.length);
    expect(dev.app.printRoutes({ commonPrefix: false })).toMatch(imitationPaths);
    expect(dev.deps.afip.imitation).not.toBeNull();
    expect(dev.deps.calendars.imitation).not.toBeNull();
  });

  it('a production app registers none of them, and starts no imitation', async () => {
    expect(registered(production, [...development, ...sandbox])).toEqual([]);
    const listed = production.app.printRoutes({ commonPrefix: false });
    expect(listed).not.toMatch(imitationPaths);
    expect(production.deps.afip.imitation).toBeNull();
    expect(production.deps.calendars.imitation).toBeNull();
    expect(production.deps.planCards.imitation).toBeNull();
    for (const url of ['/dev/mailbox', '/imitation/google/calendar', '/sandbox-checkout/return.js']) {
      expect((await production.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('a production app that accepts the sandbox registers its hosted pages only', () => {
    expect(registered(staging, development)).toEqual([]);
    expect(registered(staging, sandbox)).toHaveLength(sandbox.length);
    expect(staging.app.printRoutes({ commonPrefix: false })).not.toMatch(/\/(imitation|dev)\b/);
    expect(staging.deps.afip.imitation).toBeNull();
    expect(staging.deps.planCards.imitation).not.toBeNull();
  });
});
