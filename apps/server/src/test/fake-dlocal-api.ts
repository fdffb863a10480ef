import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, type FakeRequest, headerOf, startFakeApi } from './fake-http-api.ts';

export interface DLocalKeys {
  login: string;
  transKey: string;
  secretKey: string;
}

interface FakePayment {
  id: string;
  amount: number;
  currency: string;
  country: string;
  payment_method_flow: string;
  status: string;
  status_code: string;
  order_id: string;
  notification_url: string;
  callback_url: string;
  redirect_url: string;
  created_date: string;
  refunded: number;
}

const invalidCredentials: FakeAnswer = { status: 401, body: { code: 3001, message: 'Invalid credentials' } };
const invalidParameter = (param: string): FakeAnswer => ({
  status: 400,
  body: { code: 5014, message: `Invalid parameter: ${param}` },
});
const statusCodes: Record<string, string> = {
  PENDING: '100',
  PAID: '200',
  REJECTED: '300',
  CANCELLED: '400',
  EXPIRED: '401',
};
/** ISO 4217 exponents of the currencies dLocal settles for our countries (spec 002 §4). */
const decimalsOf = (currency: string) => (currency === 'CLP' ? 0 : 2);

/**
 * dLocal's documented scheme, written here independently of the adapter so that a mistake there
 * fails the tests: `V2-HMAC-SHA256, Signature: ` + hex HMAC-SHA256(secret, X-Login + X-Date + body).
 */
const authorization = (login: string, secretKey: string, xDate: string, body: string) =>
  `V2-HMAC-SHA256, Signature: ${createHmac('sha256', secretKey)
    .update(login + xDate + body)
    .digest('hex')}`;

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * dLocal's Payins API imitated on 127.0.0.1: every request must carry X-Login, X-Trans-Key,
 * X-Version 2.1, an X-Date and the V2-HMAC-SHA256 signature of login + date + body with the
 * merchant's secret key, as dLocal checks them; payments, their status and refunds answer
 * dLocal's documented shapes. `notify` plays dLocal's side of a payment changing state.
 */
export async function startFakeDLocal(keys: DLocalKeys) {
  const payments = new Map<string, FakePayment>();
  let refunds = 0;

  const authorized = (request: FakeRequest) => {
    const xDate = headerOf(request, 'x-date');
    return (
      headerOf(request, 'x-login') === keys.login &&
      headerOf(request, 'x-trans-key') === keys.transKey &&
      headerOf(request, 'x-version') === '2.1' &&
      !Number.isNaN(Date.parse(xDate)) &&
      sameText(
        headerOf(request, 'authorization'),
        authorization(keys.login, keys.secretKey, xDate, request.body),
      )
    );
  };

  const view = ({ refunded: _refunded, ...payment }: FakePayment) => ({
    ...payment,
    status_detail: `The payment is ${payment.status.toLowerCase()}.`,
  });

  const api = await startFakeApi((request, base): FakeAnswer => {
    if (!authorized(request)) return invalidCredentials;
    const path = request.path.split('?')[0] ?? '';
    const json = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (request.method === 'POST' && path === '/payments') {
      const amount = json.amount;
      const currency = String(json.currency ?? '');
      if (typeof amount !== 'number' || amount <= 0) return invalidParameter('amount');
      if (!/^[A-Z]{3}$/.test(currency)) return invalidParameter('currency');
      if (Number(amount.toFixed(decimalsOf(currency))) !== amount) return invalidParameter('amount');
      if (!/^[A-Z]{2}$/.test(String(json.country ?? ''))) return invalidParameter('country');
      if (json.payment_method_flow !== 'REDIRECT') return invalidParameter('payment_method_flow');
      const payer = json.payer as { name?: unknown } | undefined;
      if (typeof payer?.name !== 'string' || !payer.name) return invalidParameter('payer.name');
      if (typeof json.order_id !== 'string' || !json.order_id) return invalidParameter('order_id');
      for (const url of ['notification_url', 'callback_url']) {
        if (!URL.canParse(String(json[url] ?? ''))) return invalidParameter(url);
      }
      const id = `D-4-${randomUUID()}`;
      const payment: FakePayment = {
        id,
        amount,
        currency,
        country: String(json.country),
        payment_method_flow: 'REDIRECT',
        status: 'PENDING',
        status_code: '100',
        order_id: json.order_id,
        notification_url: String(json.notification_url),
        callback_url: String(json.callback_url),
        redirect_url: `${base}/checkout/${id}`,
        created_date: new Date().toISOString(),
        refunded: 0,
      };
      payments.set(id, payment);
      return { status: 200, body: view(payment) };
    }
    const found = path.match(/^\/payments\/([^/]+)$/);
    if (request.method === 'GET' && found) {
      const payment = payments.get(decodeURIComponent(found[1] ?? ''));
      return payment
        ? { status: 200, body: view(payment) }
        : { status: 404, body: { code: 4000, message: 'Payment not found' } };
    }
    if (request.method === 'POST' && path === '/refunds') {
      const payment = payments.get(String(json.payment_id ?? ''));
      if (!payment) return { status: 404, body: { code: 4000, message: 'Payment not found' } };
      if (payment.status !== 'PAID')
        return { status: 400, body: { code: 5007, message: 'Payment not paid' } };
      const amount = typeof json.amount === 'number' ? json.amount : payment.amount - payment.refunded;
      if (json.currency !== payment.currency) return invalidParameter('currency');
      if (amount <= 0 || amount > payment.amount - payment.refunded) return invalidParameter('amount');
      payment.refunded += amount;
      refunds += 1;
      return {
        status: 200,
        body: {
          id: `REF-${refunds}`,
          payment_id: payment.id,
          status: 'SUCCESS',
          status_code: 200,
          status_detail: 'The refund was paid',
          amount,
          currency: payment.currency,
          created_date: new Date().toISOString(),
        },
      };
    }
    return { status: 404, body: { code: 404, message: 'Not found' } };
  });

  /** A notification dLocal would post to notification_url, signed with `secretKey` (the merchant's unless forging). */
  function notification(id: string, secretKey = keys.secretKey) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake dLocal: no payment ${id}`);
    const body = JSON.stringify(view(payment));
    const xDate = new Date().toISOString();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-date': xDate,
        'x-login': keys.login,
        authorization: authorization(keys.login, secretKey, xDate, body),
      },
    };
  }

  return {
    ...api,
    payments,
    /** The buyer paid (or not) on dLocal's page: the state changes and dLocal notifies. */
    settle(id: string, status: keyof typeof statusCodes) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`fake dLocal: no payment ${id}`);
      payment.status = status;
      payment.status_code = statusCodes[status] ?? '100';
      return notification(id);
    },
    notification,
  };
}
