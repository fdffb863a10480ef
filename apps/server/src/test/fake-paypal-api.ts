import {
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { crc32 } from 'node:zlib';
import { type FakeAnswer, type FakeRequest, headerOf, startFakeApi } from './fake-http-api.ts';

export interface PayPalKeys {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface FakeCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  supplementary_data: { related_ids: { order_id: string } };
}

interface FakeOrder {
  id: string;
  status: string;
  intent: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: FakeCapture[] };
  }[];
  returnUrl: string;
  cancelUrl: string;
  /** The buyer's funding will be declined at capture (PayPal's INSTRUMENT_DECLINED). */
  declines: boolean;
  /** The client id of the app that created it: only that app's tokens can read, capture or refund it. */
  owner: string;
}

/** PayPal's currencies, and the three it takes without decimals (its currency-codes reference). */
const supported = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  ),
);
const zeroDecimal = new Set(['HUF', 'JPY', 'TWD']);

const error = (status: number, name: string, issue?: string): FakeAnswer => ({
  status,
  body: { name, message: name, ...(issue ? { details: [{ issue }] } : {}) },
});
const authFailure: FakeAnswer = {
  status: 401,
  body: {
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  },
};

/**
 * PayPal's REST API imitated on 127.0.0.1: OAuth2 client credentials with basic auth, bearer
 * tokens that expire or can be revoked, Orders v2 (create, buyer approval, capture with its
 * 422 issues, read), capture refunds, and verify-webhook-signature checking an RSA-SHA256
 * transmission signature over "id|time|webhook_id|crc32(event)" like PayPal's documentation
 * describes. `webhook` plays PayPal's side of delivering a signed event. `accounts` are more
 * apps (a professional's own): each order belongs to the app whose token created it, and another
 * app's token gets PayPal's 404 for it, so a test sees whose credentials did what.
 */
export async function startFakePayPal(
  keys: PayPalKeys,
  options: { tokenTtlSeconds?: number; accounts?: PayPalKeys[] } = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apps = [keys, ...(options.accounts ?? [])];
  /** Access token → the client id it was issued to. */
  const tokens = new Map<string, string>();
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, FakeAnswer>();
  const counts = { tokens: 0, captures: 0, refunds: 0 };
  let certUrl = '';
  let forger: KeyObject | undefined;
  let outage = false;

  const bearer = (request: FakeRequest) =>
    tokens.get(headerOf(request, 'authorization').replace(/^Bearer /, ''));

  const representation = (
    { returnUrl: _r, cancelUrl: _c, declines: _d, owner: _o, ...order }: FakeOrder,
    base: string,
  ) => ({
    ...order,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `https://www.paypal.test/checkoutnow?token=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  });

  const transmissionPayload = (id: string, time: string, webhookId: string, event: unknown) =>
    `${id}|${time}|${webhookId}|${crc32(JSON.stringify(event))}`;

  function handle(request: FakeRequest, base: string): FakeAnswer {
    if (outage) return error(503, 'SERVICE_UNAVAILABLE');
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const app = apps.find(
        (a) =>
          headerOf(request, 'authorization') ===
          `Basic ${Buffer.from(`${a.clientId}:${a.clientSecret}`).toString('base64')}`,
      );
      if (!app) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      if (
        !headerOf(request, 'content-type').startsWith('application/x-www-form-urlencoded') ||
        new URLSearchParams(request.body).get('grant_type') !== 'client_credentials'
      ) {
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
      counts.tokens += 1;
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      tokens.set(token, app.clientId);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: options.tokenTtlSeconds ?? 32400,
          nonce: randomUUID(),
        },
      };
    }
    const caller = bearer(request);
    if (!caller) return authFailure;
    // PayPal-Request-Id: a repeated request (of the same app) gets the first answer.
    const requestId = headerOf(request, 'paypal-request-id');
    const key = requestId ? `${caller}#${path}#${requestId}` : '';
    const earlier = key ? byRequestId.get(key) : undefined;
    if (earlier) return earlier;
    const answer = route(request, path, base, caller);
    if (key && answer.status < 300) byRequestId.set(key, answer);
    return answer;
  }

  function route(request: FakeRequest, path: string, base: string, caller: string): FakeAnswer {
    const json = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (json.purchase_units as FakeOrder['purchase_units'] | undefined)?.[0];
      const context = (json.payment_source as { paypal?: { experience_context?: Record<string, string> } })
        ?.paypal?.experience_context;
      if (json.intent !== 'CAPTURE' || !unit?.amount)
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      const { currency_code: currency, value } = unit.amount;
      if (!supported.has(currency)) return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
      const pattern = zeroDecimal.has(currency) ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
      if (typeof value !== 'string' || !pattern.test(value)) {
        return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
      }
      if (!URL.canParse(context?.return_url ?? '') || !URL.canParse(context?.cancel_url ?? '')) {
        return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
      }
      const order: FakeOrder = {
        id: randomBytes(9).toString('hex').toUpperCase(),
        status: 'PAYER_ACTION_REQUIRED',
        intent: 'CAPTURE',
        purchase_units: [unit],
        returnUrl: context?.return_url ?? '',
        cancelUrl: context?.cancel_url ?? '',
        declines: false,
        owner: caller,
      };
      orders.set(order.id, order);
      return { status: 200, body: representation(order, base) };
    }
    const orderPath = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ''));
      if (order?.owner !== caller) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (request.method === 'GET' && !orderPath[2])
        return { status: 200, body: representation(order, base) };
      if (request.method !== 'POST' || !orderPath[2]) return error(405, 'METHOD_NOT_SUPPORTED');
      if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      if (order.declines) return error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
      counts.captures += 1;
      const unit = order.purchase_units[0];
      if (!unit) return error(422, 'UNPROCESSABLE_ENTITY');
      unit.payments = {
        captures: [
          {
            id: `CAP${counts.captures}${randomBytes(4).toString('hex').toUpperCase()}`,
            status: 'COMPLETED',
            amount: unit.amount,
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
            ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
            supplementary_data: { related_ids: { order_id: order.id } },
          },
        ],
      };
      order.status = 'COMPLETED';
      return { status: 201, body: representation(order, base) };
    }
    const refundPath = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (request.method === 'POST' && refundPath) {
      const capture = [...orders.values()]
        .filter((o) => o.owner === caller)
        .flatMap((o) => o.purchase_units[0]?.payments?.captures ?? [])
        .find((c) => c.id === decodeURIComponent(refundPath[1] ?? ''));
      if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (capture.status !== 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
      const amount = (json.amount as FakeCapture['amount'] | undefined) ?? capture.amount;
      if (
        amount.currency_code !== capture.amount.currency_code ||
        Number(amount.value) > Number(capture.amount.value)
      ) {
        return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
      }
      counts.refunds += 1;
      capture.status =
        Number(amount.value) === Number(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return { status: 201, body: { id: `REF${counts.refunds}`, status: 'COMPLETED', amount } };
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ];
      if (fields.some((f) => typeof json[f] !== 'string') || typeof json.webhook_event !== 'object') {
        return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      }
      const verifier = createVerify('RSA-SHA256');
      verifier.update(
        transmissionPayload(
          String(json.transmission_id),
          String(json.transmission_time),
          String(json.webhook_id),
          json.webhook_event,
        ),
      );
      const valid =
        json.auth_algo === 'SHA256withRSA' &&
        json.cert_url === certUrl &&
        json.webhook_id === keys.webhookId &&
        verifier.verify(publicKey, String(json.transmission_sig), 'base64');
      return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
    }
    return error(404, 'RESOURCE_NOT_FOUND');
  }

  const api = await startFakeApi(handle);
  certUrl = `${api.base}/v1/notifications/certs/CERT-fake`;

  const order = (id: string) => {
    const found = orders.get(id);
    if (!found) throw new Error(`fake PayPal: no order ${id}`);
    return found;
  };

  /** A webhook delivery as PayPal makes it; `signWith` forges it with another key. */
  function webhook(eventType: string, resource: unknown, signWith = privateKey) {
    const event = {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('CHECKOUT.') ? 'checkout-order' : 'capture',
      event_type: eventType,
      summary: eventType,
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(transmissionPayload(transmissionId, time, keys.webhookId, event));
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': certUrl,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signer.sign(signWith, 'base64'),
        'paypal-transmission-time': time,
      },
    };
  }

  return {
    ...api,
    orders,
    counts,
    /** PayPal is down (every call answers 503) or back. */
    outage: (down: boolean) => {
      outage = down;
    },
    /** Every token issued so far stops working (PayPal revoked them). */
    revokeTokens: () => tokens.clear(),
    /** The buyer approves on PayPal's page; PayPal sends the browser to return_url?token=…&PayerID=…. */
    approve(orderId: string, funding: 'ok' | 'declines' = 'ok') {
      const found = order(orderId);
      found.status = 'APPROVED';
      found.declines = funding === 'declines';
      const back = new URL(found.returnUrl);
      back.searchParams.set('token', orderId);
      back.searchParams.set('PayerID', 'FAKEPAYER1');
      return back.toString();
    },
    /** The order as PayPal's API would show it (a webhook's resource). */
    view: (orderId: string) => representation(order(orderId), api.base),
    capture: (orderId: string) => order(orderId).purchase_units[0]?.payments?.captures[0],
    webhook,
    /** A key that is not PayPal's, to forge deliveries with. */
    forgeryKey: () => {
      forger ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      return forger;
    },
  };
}
