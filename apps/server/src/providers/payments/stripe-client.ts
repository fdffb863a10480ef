import type Stripe from 'stripe';
import { lazy } from '../../lib/lazy.ts';

/**
 * One Stripe SDK client per key set, loaded on first use rather than at start (the SDK is heavy
 * and most instances never call it). `apiBase` points the SDK at another API root: the offline
 * imitation in the demo and tests, Stripe's own when absent. Shared by booking payments and plan
 * cards so both talk to Stripe with the same retries, timeout and telemetry settings.
 */
export function lazyStripeClient(secretKey: string, apiBase?: string): () => Promise<Stripe> {
  const base = apiBase ? new URL(apiBase) : null;
  return lazy(async () => {
    const { default: StripeSdk } = await import('stripe');
    return new StripeSdk(secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            ...(base.port ? { port: base.port } : {}),
            protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
  });
}
