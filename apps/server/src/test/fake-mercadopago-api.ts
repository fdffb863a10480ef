import { createHmac, randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeRequest, headerOf, startFakeApi } from './fake-http-api.ts';

interface FakePreference {
  id: string;
  /** The access token that created it: the account the buyer's money goes to. */
  account: string;
  externalReference: string;
  notificationUrl: string;
  amount: number;
  currency: string;
}

interface FakePayment {
  id: number;
  account: string;
  status: 'approved' | 'rejected' | 'refunded';
  externalReference: string;
  amount: number;
  currency: string;
}

const error = (status: number, message: string, code: string): FakeAnswer => ({
  status,
  body: { message, error: code, status, cause: [] },
});

/**
 * Mercado Pago's REST API imitated on 127.0.0.1 for the official SDK: Checkout Pro preferences,
 * payments read by id or searched by external reference, refunds. Every call carries an
 * account's access token (Bearer); an unknown token is refused with 401, and a payment belongs
 * to the account whose preference the buyer paid, so another account's token gets Mercado
 * Pago's 404 for it. Tests read which account did what.
 */
export async function startFakeMercadoPago(accessTokens: string[]) {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  const refunds: { id: number; paymentId: number; account: string; amount: number }[] = [];
  let nextPayment = 1_300_000_000;

  function handle(request: FakeRequest): FakeAnswer {
    const account = headerOf(request, 'authorization').replace(/^Bearer /, '');
    if (!accessTokens.includes(account)) return error(401, 'invalid access token', 'unauthorized');
    const url = new URL(request.path, 'http://fake');
    const path = url.pathname.replace(/\/$/, '');
    const json = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};

    if (request.method === 'POST' && path === '/checkout/preferences') {
      const item = (json.items as { unit_price?: number; currency_id?: string }[] | undefined)?.[0];
      if (!item?.unit_price || typeof json.external_reference !== 'string') {
        return error(400, 'items and external_reference are required', 'bad_request');
      }
      const preference: FakePreference = {
        id: `${randomBytes(4).readUInt32BE()}-${randomBytes(8).toString('hex')}`,
        account,
        externalReference: json.external_reference,
        notificationUrl: String(json.notification_url ?? ''),
        amount: item.unit_price,
        currency: item.currency_id ?? '',
      };
      preferences.set(preference.id, preference);
      return {
        status: 201,
        body: {
          id: preference.id,
          external_reference: preference.externalReference,
          notification_url: preference.notificationUrl,
          init_point: `https://www.mercadopago.test/checkout/v1/redirect?pref_id=${preference.id}`,
        },
      };
    }
    if (request.method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...payments.values()]
        .filter((p) => p.account === account && p.externalReference === reference)
        .map(view);
      return { status: 200, body: { results, paging: { total: results.length, limit: 30, offset: 0 } } };
    }
    const paymentPath = path.match(/^\/v1\/payments\/(\d+)(\/refunds)?$/);
    if (paymentPath) {
      const payment = payments.get(Number(paymentPath[1]));
      if (payment?.account !== account) return error(404, 'Payment not found', 'not_found');
      if (request.method === 'GET' && !paymentPath[2]) return { status: 200, body: view(payment) };
      if (request.method === 'POST' && paymentPath[2]) {
        if (payment.status !== 'approved') return error(400, 'Payment not refundable', 'bad_request');
        const amount = typeof json.amount === 'number' ? json.amount : payment.amount;
        payment.status = 'refunded';
        const refund = { id: refunds.length + 1, paymentId: payment.id, account, amount };
        refunds.push(refund);
        return { status: 201, body: { id: refund.id, payment_id: payment.id, amount, status: 'approved' } };
      }
    }
    return error(404, 'not found', 'not_found');
  }

  const view = (p: FakePayment) => ({
    id: p.id,
    status: p.status,
    external_reference: p.externalReference,
    transaction_amount: p.amount,
    currency_id: p.currency,
  });

  const api = await startFakeApi(handle);
  return {
    ...api,
    preferences,
    payments,
    refunds,
    /** The buyer pays a preference on Mercado Pago's page: a payment of the preference's account. */
    pay(preferenceId: string, status: 'approved' | 'rejected' = 'approved'): number {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`fake Mercado Pago: no preference ${preferenceId}`);
      nextPayment += 1;
      payments.set(nextPayment, {
        id: nextPayment,
        account: preference.account,
        status,
        externalReference: preference.externalReference,
        amount: preference.amount,
        currency: preference.currency,
      });
      return nextPayment;
    },
    /** The notification Mercado Pago posts to a preference's notification_url about a payment. */
    notification(paymentId: number) {
      return JSON.stringify({
        id: Number(randomBytes(4).readUInt32BE()),
        action: 'payment.created',
        type: 'payment',
        live_mode: false,
        data: { id: String(paymentId) },
      });
    },
    /** x-signature and x-request-id of a notification signed with an application's webhook secret. */
    signature(secret: string, paymentId: number, nowMs: number) {
      const requestId = randomBytes(8).toString('hex');
      const ts = String(Math.floor(nowMs / 1000));
      const v1 = createHmac('sha256', secret)
        .update(`id:${paymentId};request-id:${requestId};ts:${ts};`)
        .digest('hex');
      return { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId };
    },
  };
}
