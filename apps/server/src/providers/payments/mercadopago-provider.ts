import { createHmac, timingSafeEqual } from 'node:crypto';
import { toMajorUnits } from '@agendo/contract';
import type { AppConfig } from '../../config.ts';
import { lazy } from '../../lib/lazy.ts';
import {
  header,
  type PaymentProvider,
  type WebhookEvent,
  type WebhookOutcome,
  WebhookRejected,
} from './payment-provider.ts';

/** Mercado Pago's notifications carry `ts` in seconds; older ones are refused like the sandbox's. */
const replayWindowSeconds = 300;

function outcomeOf(status: string | undefined): WebhookOutcome {
  if (status === 'approved') return 'approved';
  if (status === 'rejected' || status === 'cancelled') return 'declined';
  if (status === 'refunded' || status === 'charged_back') return 'refunded';
  return 'ignored';
}

export interface MercadoPagoKeys {
  accessToken: string;
  /**
   * The x-signature secret of the account's webhooks; null for a professional's own account,
   * whose secret we never get (spec 002 §3 keeps only their public and secret keys). Their
   * notifications are then only a hint: the payment is read back with their access token, and
   * one their account does not know is refused.
   */
  webhookSecret: string | null;
  apiBase?: string | undefined;
}

/**
 * Mercado Pago through its official SDK: a Checkout Pro preference (our payment ref as the
 * external reference), notifications verified with the x-signature HMAC of their docs
 * ("id:{data.id};request-id:{x-request-id};ts:{ts};") and then read back from the API, refunds by
 * payment. Null without keys: the sandbox imitation serves instead.
 */
export function createMercadoPagoProvider(
  config: AppConfig,
  now: () => Date = () => new Date(),
): PaymentProvider | null {
  const keys = config.payments.mercadopago;
  return keys ? createMercadoPagoAdapter(keys, now) : null;
}

/** The adapter over one account's keys: the platform's, or a professional's own (their access token). */
export function createMercadoPagoAdapter(
  keys: MercadoPagoKeys,
  now: () => Date = () => new Date(),
): PaymentProvider {
  const webhookSecret = keys.webhookSecret;
  // The SDK is loaded on the first payment, not at start.
  const sdk = lazy(async () => {
    const { MercadoPagoConfig, Payment, PaymentRefund, Preference } = await import('mercadopago');
    // The SDK reads its API root from a static setting; only a test's local fake changes it.
    if (keys.apiBase) {
      const { AppConfig: sdkConfig } = await import('mercadopago/dist/utils/config/index.js');
      (sdkConfig as { BASE_URL: string }).BASE_URL = keys.apiBase.replace(/\/$/, '');
    }
    const client = new MercadoPagoConfig({ accessToken: keys.accessToken, options: { timeout: 15_000 } });
    return {
      preferences: new Preference(client),
      payments: new Payment(client),
      refunds: new PaymentRefund(client),
    };
  });
  return {
    key: 'mercadopago',
    name: 'mercadopago',
    sandbox: false,
    async createCheckout(request) {
      const { preferences } = await sdk();
      const preference = await preferences.create({
        body: {
          items: [
            {
              id: request.paymentRef,
              title: request.description.slice(0, 250),
              quantity: 1,
              unit_price: toMajorUnits(request.amountMinor, request.currency),
              currency_id: request.currency,
            },
          ],
          external_reference: request.paymentRef,
          back_urls: { success: request.returnUrl, failure: request.returnUrl, pending: request.returnUrl },
          auto_return: 'approved',
          notification_url: request.webhookUrl,
          ...(request.payerEmail ? { payer: { email: request.payerEmail } } : {}),
        },
      });
      if (!preference.id || !preference.init_point)
        throw new Error('mercadopago: preference without checkout');
      return { providerPaymentId: preference.id, checkoutUrl: preference.init_point };
    },
    async parseWebhook(rawBody, headers): Promise<WebhookEvent> {
      let body: { id?: string | number; type?: string; action?: string; data?: { id?: string | number } };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        throw new WebhookRejected('payload');
      }
      const dataId = body.data?.id !== undefined ? String(body.data.id) : '';
      if (webhookSecret !== null) {
        const parts = Object.fromEntries(
          (header(headers, 'x-signature') ?? '').split(',').map((part) => {
            const [k, ...v] = part.split('=');
            return [k?.trim() ?? '', v.join('=').trim()];
          }),
        );
        const ts = parts.ts ?? '';
        const v1 = parts.v1 ?? '';
        const manifest = `id:${dataId.toLowerCase()};request-id:${header(headers, 'x-request-id') ?? ''};ts:${ts};`;
        const expected = createHmac('sha256', webhookSecret).update(manifest).digest();
        if (!/^[0-9a-f]{64}$/.test(v1) || !timingSafeEqual(expected, Buffer.from(v1, 'hex'))) {
          throw new WebhookRejected('signature');
        }
        // ts is in milliseconds in some of their notifications and seconds in others.
        const seconds = Number(ts) > 1e12 ? Number(ts) / 1000 : Number(ts);
        if (!Number.isFinite(seconds) || Math.abs(now().getTime() / 1000 - seconds) > replayWindowSeconds) {
          throw new WebhookRejected('timestamp');
        }
      }
      if (body.type !== 'payment' || !dataId) {
        return {
          // Unsigned (a professional's account): one event per topic, so a flood writes nothing new.
          eventId: webhookSecret === null ? `ignored:${body.type ?? 'unknown'}` : `${body.id ?? dataId}`,
          type: body.type ?? 'unknown',
          outcome: 'ignored',
          providerPaymentId: null,
          paymentRef: null,
        };
      }
      // The notification only names the payment: its state comes from the API, never the body.
      const { payments } = await sdk();
      let payment: Awaited<ReturnType<typeof payments.get>>;
      try {
        payment = await payments.get({ id: dataId });
      } catch (error) {
        // A payment this account's keys cannot read was not made through it: for an unsigned
        // notification that is the proof it is not genuine.
        const status = (error as { status?: number } | null)?.status;
        if (webhookSecret === null && (status === 401 || status === 403 || status === 404)) {
          throw new WebhookRejected('signature');
        }
        if (status === 404) throw new WebhookRejected('payload');
        throw error;
      }
      const status = payment.status ?? 'unknown';
      return {
        // One event per state of a payment: a retried notification is the same event.
        eventId: `payment:${dataId}:${status}`,
        type: `payment.${status}`,
        outcome: outcomeOf(status),
        providerPaymentId: String(payment.id ?? dataId),
        paymentRef: payment.external_reference ?? null,
      };
    },
    async refund({ paymentRef, amountMinor, currency, idempotencyKey }) {
      const { payments, refunds } = await sdk();
      const found = await payments.search({ options: { external_reference: paymentRef } });
      const paid = found.results?.find((p) => p.status === 'approved');
      if (!paid?.id) throw new Error('mercadopago: no approved payment to refund');
      const refund = await refunds.create({
        payment_id: paid.id,
        body: { amount: toMajorUnits(amountMinor, currency) },
        requestOptions: { idempotencyKey: `refund-${idempotencyKey}` },
      });
      return { refundId: refund.id !== undefined ? String(refund.id) : null };
    },
  };
}
