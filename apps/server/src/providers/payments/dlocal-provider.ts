import { createHmac, timingSafeEqual } from 'node:crypto';
import { toMajorUnits } from '@agendo/contract';
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

export const dlocalLiveApi = 'https://api.dlocal.com';

type DLocalKeys = NonNullable<AppConfig['payments']['dlocal']>;

interface DLocalPayment {
  id: string;
  status: string;
  order_id?: string;
  redirect_url?: string;
}

/** dLocal's Payins signature: lowercase hex HMAC-SHA256(secretKey, X-Login + X-Date + body). */
function dlocalSignature(keys: Pick<DLocalKeys, 'login' | 'secretKey'>, xDate: string, body: string) {
  return createHmac('sha256', keys.secretKey).update(`${keys.login}${xDate}${body}`).digest('hex');
}

const dlocalAuthorization = (signature: string) => `V2-HMAC-SHA256, Signature: ${signature}`;

function outcomeOf(status: string): WebhookOutcome {
  if (status === 'PAID') return 'approved';
  if (status === 'REJECTED' || status === 'CANCELLED' || status === 'EXPIRED') return 'declined';
  return 'ignored';
}

/**
 * dLocal through its documented Payins REST API (no SDK: ADR 010): a REDIRECT
 * payment whose `redirect_url` is dLocal's hosted page, every request signed with the V2-HMAC
 * scheme, notifications verified with the same scheme and then read back from the API (the body
 * is never trusted for the state), refunds by payment id. Null without keys: the sandbox
 * imitation serves instead.
 */
export function createDLocalProvider(
  config: AppConfig,
  http: Outbound,
  now: () => Date = () => new Date(),
): PaymentProvider | null {
  const keys = config.payments.dlocal;
  if (!keys) return null;
  const root = apiRoot(keys.apiBase, dlocalLiveApi);

  const call = <T>(method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const xDate = now().toISOString();
    return providerRequest<T>(http, 'dlocal', `${root}${path}`, {
      method,
      headers: {
        'X-Date': xDate,
        'X-Login': keys.login,
        'X-Trans-Key': keys.transKey,
        'X-Version': '2.1',
        'User-Agent': 'Agendo',
        'Content-Type': 'application/json',
        Authorization: dlocalAuthorization(dlocalSignature(keys, xDate, body)),
      },
      ...(method === 'POST' ? { body } : {}),
    });
  };

  return {
    key: 'dlocal',
    name: 'dlocal',
    sandbox: false,
    async createCheckout(request) {
      // dLocal needs the payment's country: its local buyers (AR, MX, CL, spec 002 §4) pay at home.
      if (!request.payerCountry) throw new Error('dlocal: the buyer has no country');
      const payment = await call<DLocalPayment>('POST', '/payments', {
        amount: toMajorUnits(request.amountMinor, request.currency),
        currency: request.currency,
        country: request.payerCountry,
        payment_method_flow: 'REDIRECT',
        payer: {
          name: request.payerName,
          ...(request.payerEmail ? { email: request.payerEmail } : {}),
        },
        order_id: request.paymentRef,
        description: request.description.slice(0, 100),
        notification_url: request.webhookUrl,
        callback_url: request.returnUrl,
      });
      if (!payment.id || !payment.redirect_url) throw new Error('dlocal: payment without redirect_url');
      return { providerPaymentId: payment.id, checkoutUrl: payment.redirect_url };
    },
    async parseWebhook(rawBody, headers): Promise<WebhookEvent> {
      const xDate = header(headers, 'x-date') ?? '';
      const signature =
        (header(headers, 'authorization') ?? '').match(
          /^V2-HMAC-SHA256,\s*Signature:\s*([0-9a-f]{64})$/,
        )?.[1] ?? '';
      if (!xDate || !signature) throw new WebhookRejected('signature');
      const expected = Buffer.from(dlocalSignature(keys, xDate, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new WebhookRejected('signature');
      let body: { id?: unknown };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        throw new WebhookRejected('payload');
      }
      if (typeof body?.id !== 'string' || !body.id) throw new WebhookRejected('payload');
      // The notification only names the payment: its state is read back from the API, so an old
      // notification sent again can only ever report the payment's current state.
      let payment: DLocalPayment;
      try {
        payment = await call<DLocalPayment>('GET', `/payments/${encodeURIComponent(body.id)}`);
      } catch (error) {
        // A refund's or chargeback's notification names no payment of ours: nothing to apply.
        if (error instanceof ProviderHttpError && error.status === 404) {
          return {
            eventId: `dlocal:${body.id}`,
            type: 'unknown',
            outcome: 'ignored',
            providerPaymentId: null,
            paymentRef: null,
          };
        }
        throw error;
      }
      return {
        // One event per state of a payment: a retried notification is the same event.
        eventId: `payment:${payment.id}:${payment.status}`,
        type: `payment.${payment.status}`,
        outcome: outcomeOf(payment.status),
        providerPaymentId: payment.id,
        paymentRef: payment.order_id ?? null,
      };
    },
    async refund({ providerPaymentId, amountMinor, currency }) {
      const refund = await call<{ id: string; status: string }>('POST', '/refunds', {
        payment_id: providerPaymentId,
        amount: toMajorUnits(amountMinor, currency),
        currency,
      });
      // PENDING completes on dLocal's side (bank transfers back); REJECTED means no money moved.
      if (refund.status !== 'SUCCESS' && refund.status !== 'PENDING') {
        throw new Error(`dlocal: refund ${refund.id} ${refund.status}`);
      }
      return { refundId: refund.id };
    },
  };
}
