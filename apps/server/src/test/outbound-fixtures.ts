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
