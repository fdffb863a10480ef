import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutRequest,
  type CheckoutResult,
  header,
  type PaymentProvider,
  type ProviderName,
  type WebhookEvent,
  WebhookRejected,
} from './payment-provider.ts';

/** Webhooks older (or newer) than this are refused: a captured request cannot be replayed later. */
export const sandboxReplayWindowSeconds = 300;
export const sandboxSignatureHeader = 'agendo-signature';

/** Test cards of the sandbox hosted page (any future expiry, any CVC). */
export const sandboxCards = {
  approve: '4242424242424242',
  decline: '4000000000000002',
} as const;

export interface SandboxEventBody {
  id: string;
  type: 'payment.approved' | 'payment.declined' | 'payment.refunded';
  data: { paymentId: string; paymentRef: string };
}

/** `t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">`, the scheme Stripe and others use. */
export function signSandboxPayload(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The offline imitation of a provider: its hosted page is served by our own server (the
 * development plugin, dev/sandbox-checkout.routes.ts), it signs its webhooks with a shared secret
 * and a timestamp, and it sends the buyer back to the return URL. One implementation imitates
 * dLocal, Stripe, Mercado Pago and PayPal; only the name and branding differ.
 */
export function createSandboxProvider(options: {
  name: ProviderName;
  secret: string;
  now: () => Date;
  /**
   * False in production (issue 28): there the imitation may show its page (PAYMENTS_SANDBOX=1)
   * but an approval it reports is read as a decline, so no test card ever pays for real.
   */
  approves: boolean;
}): PaymentProvider {
  return {
    key: `sandbox-${options.name}`,
    name: options.name,
    sandbox: true,
    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      return {
        providerPaymentId: `sbx_${request.paymentRef}`,
        // App-relative: the page is ours, so it works on whatever host serves the app.
        checkoutUrl: `/sandbox-checkout/${options.name}/${request.paymentRef}`,
      };
    },
    async parseWebhook(rawBody, headers): Promise<WebhookEvent> {
      const signature = header(headers, sandboxSignatureHeader) ?? '';
      const parts = Object.fromEntries(
        signature.split(',').map((part) => {
          const [k, ...v] = part.split('=');
          return [k?.trim() ?? '', v.join('=').trim()];
        }),
      );
      const t = Number(parts.t);
      const v1 = parts.v1 ?? '';
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) throw new WebhookRejected('signature');
      const expected = createHmac('sha256', options.secret).update(`${t}.${rawBody}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookRejected('signature');
      if (Math.abs(options.now().getTime() / 1000 - t) > sandboxReplayWindowSeconds) {
        throw new WebhookRejected('timestamp');
      }
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody) as SandboxEventBody;
      } catch {
        throw new WebhookRejected('payload');
      }
      if (typeof body?.id !== 'string' || typeof body.data?.paymentId !== 'string') {
        throw new WebhookRejected('payload');
      }
      const outcome =
        body.type === 'payment.approved'
          ? options.approves
            ? 'approved'
            : 'declined'
          : body.type === 'payment.declined'
            ? 'declined'
            : body.type === 'payment.refunded'
              ? 'refunded'
              : 'ignored';
      return {
        eventId: body.id,
        type: body.type,
        outcome,
        providerPaymentId: body.data.paymentId,
        paymentRef: body.data.paymentRef ?? null,
      };
    },
    async refund({ paymentRef }) {
      // The sandbox keeps no money: a refund always succeeds.
      return { refundId: `sbx_refund_${paymentRef}` };
    },
  };
}
