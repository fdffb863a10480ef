import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createOutbound, type Outbound } from '../lib/outbound.ts';

/**
 * An outbound client that sends nothing: it records each address and fails as a network without
 * a way out would, for the tests that only check which host an adapter calls.
 */
export function offlineOutbound(): Outbound & { urls: string[] } {
  const urls: string[] = [];
  const client: Outbound & { urls: string[] } = {
    urls,
    async request(url) {
      urls.push(url);
      throw new Error('offline');
    },
    async check() {},
    allowed: () => false,
    trusting: () => client,
    async close() {},
  };
  return client;
}

/** The outbound client of a test whose fake provider listens on 127.0.0.1 at `origin`. */
export const outboundTo = (...origins: string[]) => createOutbound({ env: 'test', allow: origins });

/**
 * A test file's fake provider API (dLocal, PayPal): started before the file's tests with an
 * outbound client allowed to reach it, both closed after them; spies are restored after each test.
 * Read `fake` and `http` once the file's beforeAll ran.
 */
export function useFakeProviderApi<F extends { base: string; close(): Promise<void> }>(
  start: () => Promise<F>,
) {
  const api = {} as { fake: F; http: Outbound };
  beforeAll(async () => {
    api.fake = await start();
    api.http = outboundTo(api.fake.base);
  });
  afterAll(async () => {
    await api.fake.close();
    await api.http.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return api;
}
