import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHandlers } from './app.ts';
import { handle, registerRpc } from './rpc.ts';
import { useTestApp } from './test/test-app.ts';

// Every answer is checked against its action's contract before it leaves; a handler returning
// the same object again (a cache hit) reuses the checked copy, but only for the same contract.
const app = Fastify();
const shared = { currencies: [{ code: 'ARS', name: 'Peso argentino', symbol: '$', internal: 'x' }] };
let fresh = false;

const t = useTestApp();
beforeAll(async () => {
  const handlers = allHandlers.map((h) => {
    if (h.action === 'find-currency') return handle('find-currency', 'public', async () => shared);
    if (h.action === 'convert-price') {
      // biome-ignore lint/suspicious/noExplicitAny: a handler breaking its contract on purpose
      return handle('convert-price', 'public', async () => (fresh ? {} : shared) as any);
    }
    return h;
  });
  registerRpc(app, t.deps, handlers);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

function call(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/index.php', payload: { userLang: 'es', ...payload } });
}

describe('answers checked against the contract', () => {
  it('strips what the contract does not name, the first time and when the same answer comes again', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call({ action: 'find-currency', userCountry: 5 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: '200',
        currencies: [{ code: 'ARS', name: 'Peso argentino', symbol: '$' }],
      });
    }
  });

  it('an answer already checked for one action is checked again for another, and refused', async () => {
    fresh = false;
    const res = await call({ action: 'convert-price', userCountryId: 5, userCurrency: 'ARS', price: 10 });
    expect(res.statusCode).toBe(500);
  });

  it('a fresh answer that breaks the contract is refused', async () => {
    fresh = true;
    const res = await call({ action: 'convert-price', userCountryId: 5, userCurrency: 'ARS', price: 10 });
    expect(res.statusCode).toBe(500);
  });
});
