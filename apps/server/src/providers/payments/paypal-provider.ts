import { toDecimalAmount } from '@agendo/contract';
import type { AppConfig } from '../../config.ts';
import type { Outbound } from '../../lib/outbound.ts';
import {
  header,
  type PaymentProvider,
  type WebhookEvent,
  type WebhookOutcome,
  WebhookRejected,
} from './payment-provider.ts';
import { apiRoot, ProviderHttpError, providerRequest } from './provider-http.ts';

export const paypalLiveApi = 'https://api-m.paypal.com';

/** A token is renewed this long before PayPal says it expires, so no call carries a dying one. */
const tokenMarginMs = 60_000;

interface PayPalCapture {
  id: string;
  status: string;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string }[];
  purchase_units?: { custom_id?: string; payments?: { captures?: PayPalCapture[] } }[];
}

interface PayPalEvent {
  id: string;
  event_type: string;
  resource?: Record<string, unknown>;
}

/** The headers PayPal signs a webhook delivery with (its verify-webhook-signature API checks them). */
const transmissionHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

function captureOutcome(status: string | undefined): WebhookOutcome {
  if (status === 'COMPLETED') return 'approved';
  if (status === 'DECLINED' || status === 'FAILED') return 'declined';
  // PENDING (an eCheck, a review): PAYMENT.CAPTURE.COMPLETED reports it later.
  return 'ignored';
}

const firstCapture = (order: PayPalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0];
const issueOf = (error: ProviderHttpError) =>
  (error.body as { details?: { issue?: string }[] } | null)?.details?.[0]?.issue;

/**
 * PayPal through its documented REST API (Orders v2, no SDK: ADR 010): an OAuth2 client-credentials token cached until shortly before it
 * expires, an order with intent CAPTURE whose `payer-action` link is PayPal's hosted page, the
 * capture when the buyer comes back (or when CHECKOUT.ORDER.APPROVED arrives first), webhooks
 * verified by PayPal's verify-webhook-signature API, refunds of the order's capture. Null
 * without keys: the sandbox imitation serves instead.
 */
export function createPayPalProvider(
  config: AppConfig,
  http: Outbound,
  now: () => Date = () => new Date(),
): PaymentProvider | null {
  const keys = config.payments.paypal;
  return keys ? createPayPalAdapter(keys, http, now) : null;
}

export interface PayPalKeys {
  clientId: string;
  clientSecret: string;
  /**
   * The webhook PayPal verifies deliveries against; null for a professional's own app, whose
   * webhooks we never register. Their deliveries are then only a hint: the order is read back
   * (or captured) with their credentials, and one their app does not know is refused.
   */
  webhookId: string | null;
  apiBase?: string | undefined;
}

/** The adapter over one app's credentials: the platform's, or a professional's own (client id and secret). */
export function createPayPalAdapter(
  keys: PayPalKeys,
  http: Outbound,
  now: () => Date = () => new Date(),
): PaymentProvider {
  const webhookId = keys.webhookId;
  const root = apiRoot(keys.apiBase, paypalLiveApi);
  const basic = Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString('base64');
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const answer = await providerRequest<{ access_token: string; expires_in: number }>(
      http,
      'paypal',
      `${root}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
    );
    token = { value: answer.access_token, expiresAt: now().getTime() + answer.expires_in * 1000 };
    return answer.access_token;
  }

  /** One token for every call until it nears expiry; concurrent callers share one request. */
  function accessToken(): Promise<string> {
    if (token && now().getTime() < token.expiresAt - tokenMarginMs) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: string; requestId?: string } = {},
  ): Promise<T> {
    const send = async () =>
      providerRequest<T>(http, 'paypal', `${root}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          // PayPal answers a repeated request id with the first answer: retries never pay twice.
          ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
        },
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
    try {
      return await send();
    } catch (error) {
      // A token revoked before its announced expiry: fetch a new one once.
      if (!(error instanceof ProviderHttpError) || error.status !== 401) throw error;
      token = null;
      return send();
    }
  }

  /** Captures an approved order; an order captured before (a retry, the other path) is read back. */
  async function capture(orderId: string): Promise<WebhookEvent | null> {
    let order: PayPalOrder;
    try {
      order = await call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        requestId: `capture-${orderId}`,
      });
    } catch (error) {
      if (!(error instanceof ProviderHttpError) || error.status !== 422) throw error;
      const issue = issueOf(error);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        order = await call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      } else if (issue === 'INSTRUMENT_DECLINED') {
        return {
          eventId: `order:${orderId}:INSTRUMENT_DECLINED`,
          type: 'order.INSTRUMENT_DECLINED',
          outcome: 'declined',
          providerPaymentId: orderId,
          paymentRef: null,
        };
      } else {
        // ORDER_NOT_APPROVED and the like: the buyer cancelled or has not approved yet.
        return null;
      }
    }
    const captured = firstCapture(order);
    if (!captured) return null;
    return {
      eventId: `capture:${captured.id}:${captured.status}`,
      type: `capture.${captured.status}`,
      outcome: captureOutcome(captured.status),
      providerPaymentId: order.id,
      paymentRef: captured.custom_id ?? order.purchase_units?.[0]?.custom_id ?? null,
    };
  }

  /**
   * An unsigned delivery (a professional's own app): nothing in it is trusted. The order it
   * names is captured or read with their credentials, and the event is named after what the
   * API answered, so a made-up or replayed delivery can only repeat the truth.
   */
  async function readBack(rawBody: string): Promise<WebhookEvent> {
    let event: PayPalEvent;
    try {
      event = JSON.parse(rawBody) as PayPalEvent;
    } catch {
      throw new WebhookRejected('payload');
    }
    const type = typeof event?.event_type === 'string' ? event.event_type : 'unknown';
    const resource = event?.resource ?? {};
    const orderId =
      type === 'CHECKOUT.ORDER.APPROVED'
        ? resource.id
        : type.startsWith('PAYMENT.CAPTURE.')
          ? (resource as unknown as PayPalCapture).supplementary_data?.related_ids?.order_id
          : undefined;
    if (typeof orderId !== 'string' || !orderId) {
      // One event per type: a flood of them writes nothing new.
      return {
        eventId: `ignored:${type}`,
        type,
        outcome: 'ignored',
        providerPaymentId: null,
        paymentRef: null,
      };
    }
    try {
      if (type === 'CHECKOUT.ORDER.APPROVED') {
        const captured = await capture(orderId);
        if (!captured) throw new WebhookRejected('signature');
        return captured;
      }
      const order = await call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      const item = order.purchase_units?.[0]?.payments?.captures?.find((c) => c.id === resource.id);
      if (!item) throw new WebhookRejected('signature');
      const outcome: WebhookOutcome =
        item.status === 'REFUNDED' || item.status === 'PARTIALLY_REFUNDED'
          ? 'refunded'
          : captureOutcome(item.status);
      return {
        eventId: `capture:${item.id}:${item.status}`,
        type: `capture.${item.status}`,
        outcome,
        providerPaymentId: order.id,
        paymentRef: item.custom_id ?? order.purchase_units?.[0]?.custom_id ?? null,
      };
    } catch (error) {
      if (error instanceof ProviderHttpError && [401, 403, 404].includes(error.status)) {
        throw new WebhookRejected('signature');
      }
      throw error;
    }
  }

  return {
    key: 'paypal',
    name: 'paypal',
    sandbox: false,
    async createCheckout(request) {
      const order = await call<PayPalOrder>('POST', '/v2/checkout/orders', {
        requestId: `order-${request.paymentRef}`,
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.paymentRef,
              custom_id: request.paymentRef,
              invoice_id: request.paymentRef,
              description: request.description.slice(0, 127),
              amount: {
                currency_code: request.currency,
                value: toDecimalAmount(request.amountMinor, request.currency),
              },
            },
          ],
          payment_source: {
            paypal: {
              ...(request.payerEmail ? { email_address: request.payerEmail } : {}),
              experience_context: {
                brand_name: 'Agendo',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                // Approval comes back to our return step, which captures and then goes on.
                return_url: request.confirmUrl,
                cancel_url: request.returnUrl,
              },
            },
          },
        }),
      });
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!order.id || !approve) throw new Error('paypal: order without an approval link');
      return { providerPaymentId: order.id, checkoutUrl: approve.href };
    },
    completeReturn: capture,
    async parseWebhook(rawBody, headers): Promise<WebhookEvent> {
      if (webhookId === null) return readBack(rawBody);
      const signed = Object.entries(transmissionHeaders).map(
        ([field, name]) => [field, header(headers, name) ?? ''] as const,
      );
      if (signed.some(([, value]) => !value)) throw new WebhookRejected('signature');
      let event: PayPalEvent;
      try {
        event = JSON.parse(rawBody) as PayPalEvent;
      } catch {
        throw new WebhookRejected('payload');
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') {
        throw new WebhookRejected('payload');
      }
      // The event goes back to PayPal exactly as it arrived: re-serialising it could change
      // its bytes and fail the check (the signature covers a CRC32 of the body).
      const fields = [...signed, ['webhook_id', webhookId] as const]
        .map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value)}`)
        .join(',');
      const verification = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        { body: `{${fields},"webhook_event":${rawBody}}` },
      );
      if (verification.verification_status !== 'SUCCESS') throw new WebhookRejected('signature');

      const resource = event.resource ?? {};
      const base = { eventId: event.id, type: event.event_type };
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && typeof resource.id === 'string') {
        // The buyer approved but did not come back (closed the tab): capture here instead.
        const captured = await capture(resource.id);
        return {
          ...base,
          outcome: captured?.outcome ?? 'ignored',
          providerPaymentId: resource.id,
          paymentRef: captured?.paymentRef ?? null,
        };
      }
      if (event.event_type.startsWith('PAYMENT.CAPTURE.')) {
        const item = resource as unknown as PayPalCapture;
        const outcome: WebhookOutcome =
          event.event_type === 'PAYMENT.CAPTURE.COMPLETED'
            ? captureOutcome(item.status)
            : event.event_type === 'PAYMENT.CAPTURE.DENIED' || event.event_type === 'PAYMENT.CAPTURE.DECLINED'
              ? 'declined'
              : event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
                  event.event_type === 'PAYMENT.CAPTURE.REVERSED'
                ? 'refunded'
                : 'ignored';
        return {
          ...base,
          outcome,
          providerPaymentId: item.supplementary_data?.related_ids?.order_id ?? null,
          paymentRef: item.custom_id ?? item.invoice_id ?? null,
        };
      }
      return { ...base, outcome: 'ignored', providerPaymentId: null, paymentRef: null };
    },
    async refund({ providerPaymentId, amountMinor, currency }) {
      const order = await call<PayPalOrder>(
        'GET',
        `/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}`,
      );
      const captured = order.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED');
      if (!captured) throw new Error(`paypal: order ${providerPaymentId} has no completed capture`);
      const refund = await call<{ id: string; status: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captured.id)}/refund`,
        {
          requestId: `refund-${captured.id}`,
          body: JSON.stringify({
            amount: { value: toDecimalAmount(amountMinor, currency), currency_code: currency },
          }),
        },
      );
      if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
        throw new Error(`paypal: refund ${refund.id} ${refund.status}`);
      }
      return { refundId: refund.id };
    },
  };
}
