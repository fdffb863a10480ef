import type Stripe from 'stripe';
import { lazy } from '../../lib/lazy.ts';
import { header, WebhookRejected } from './payment-provider.ts';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  /** Another API root (the offline imitation, a test's fake); Stripe's own when absent. */
  apiBase?: string | undefined;
}

export interface StripeClient {
  /** The SDK client, loaded on first use rather than at start. */
  sdk: () => Promise<Stripe>;
  /**
   * A webhook's event once its `stripe-signature` header is verified with the endpoint's signing
   * secret (the SDK checks the HMAC and its 5-minute tolerance); WebhookRejected otherwise.
   */
  verifiedEvent: (
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ) => Promise<Stripe.Event>;
}

/**
 * One Stripe client per key set, shared by booking payments and plan cards so both talk to Stripe
 * with the same retries, timeout and telemetry settings and reject webhooks alike. The SDK is
 * loaded on first use (it is heavy and most instances never call it). `apiBase` points it at
 * another API root.
 *
 * It stays in providers/payments rather than a providers/stripe of its own: it throws payments'
 * WebhookRejected, and payments' Stripe adapter uses it, so a separate node would import payments
 * and be imported by it (a cycle in the module graph, ADR 019).
 */
export function stripeClient(keys: StripeKeys): StripeClient {
  const base = keys.apiBase ? new URL(keys.apiBase) : null;
  const sdk = lazy(async () => {
    const { default: StripeSdk } = await import('stripe');
    return new StripeSdk(keys.secretKey, {
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
  return {
    sdk,
    async verifiedEvent(rawBody, headers) {
      const stripe = await sdk();
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          header(headers, 'stripe-signature') ?? '',
          keys.webhookSecret,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        throw new WebhookRejected(/timestamp/i.test(message) ? 'timestamp' : 'signature');
      }
    },
  };
}
