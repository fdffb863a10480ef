import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The offline imitation of the two plan-card providers (issue 16), an HTTP server on a local port
 * that answers the parts of Stripe's and Mercado Pago's APIs the real adapters call, in their
 * formats: customers (made, read, deleted), Checkout sessions in setup mode, off-session payment intents (Stripe);
 * card tokens, preapprovals (read, and their amount changed) and their authorised monthly payments
 * (Mercado Pago), each debiting the preapproval's amount at the time. Its hosted
 * setup page is served by our app (dev/plan-card-page.routes.ts) and ends in a Stripe-signed webhook.
 * Its state is kept in a file, so a restart of the demo keeps the linked cards.
 *
 * Test cards (any future expiry, any code): 4242 4242 4242 4242 links and pays;
 * 4000 0000 0000 0002 is refused when linking; 4000 0000 0000 0341 links but every charge is
 * declined (Stripe's own test card for that).
 */
export const imitationCards = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  failCharges: '4000000000000341',
} as const;

export const imitationStripeKeys = { secretKey: 'sk_test_agendo_imitation', apiVersion: 'imitation' };
export const imitationMercadoPagoToken = 'TEST-agendo-imitation';

interface Card {
  number: string;
  lastFour: string;
}
interface State {
  customers: Record<string, { email: string }>;
  /** Customers deleted (DELETE /v1/customers/{id}): Stripe still answers for them, as deleted. */
  deletedCustomers?: string[];
  sessions: Record<
    string,
    {
      customer: string;
      url: string;
      success_url: string;
      metadata: Record<string, string>;
      status: 'open' | 'complete';
      setupIntent: string | null;
    }
  >;
  methods: Record<string, Card>;
  setupIntents: Record<string, { method: string; customer: string }>;
  tokens: Record<string, Card>;
  preapprovals: Record<
    string,
    {
      card: Card;
      amount: number;
      currency: string;
      external_reference: string;
      status: 'authorized' | 'paused' | 'cancelled';
      payments: Payment[];
    }
  >;
  idempotent: Record<string, { status: number; body: unknown }>;
  /** Stripe's payment intents as made (what the cards were debited), for GET /v1/payment_intents. */
  paymentIntents?: {
    id: string;
    customer: string;
    amount: number;
    currency: string;
    status: 'succeeded' | 'requires_payment_method';
    created: number;
  }[];
}
interface Payment {
  id: number;
  status: 'processed' | 'recycling';
  debit_date: string;
  payment: { id: number; status: 'approved' | 'rejected'; status_detail: string };
  transaction_amount: number;
}

export interface PlanBillingImitation {
  /** The API root both adapters are pointed at. */
  endpoints(): Promise<{ base: string }>;
  /** Our hosted setup page's submission: the card's answer and, when completed, the signed webhook. */
  completeSetup(
    sessionId: string,
    cardNumber: string,
  ): { ok: true; event: { payload: string; signature: string } } | { ok: false; message: string } | null;
  session(sessionId: string): { status: 'open' | 'complete'; successUrl: string } | null;
  /**
   * Tests: the next `times` changes of a preapproval (PUT /preapproval/{id}) fail with `status`
   * (503: Mercado Pago unreachable; 0 ends it), as Mercado Pago refusing or being down would.
   */
  failPreapprovalChanges(times: number, status?: number): void;
  close(): Promise<void>;
}

/**
 * A card token from the imitation's card-form endpoint (Mercado Pago's POST /v1/card_tokens, made
 * with the public key, no bearer), as the card form would make it; null when it refuses the card.
 */
export async function imitationCardToken(
  imitation: PlanBillingImitation,
  card: { cardNumber: string; expiry: string; securityCode: string; holder: string },
): Promise<string | null> {
  const [month, year] = card.expiry.split('/');
  const { base } = await imitation.endpoints();
  const response = await fetch(`${base}/v1/card_tokens?public_key=imitation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: card.cardNumber.replace(/\D/g, ''),
      expiration_month: Number(month),
      expiration_year: 2000 + Number(year),
      security_code: card.securityCode,
      cardholder: { name: card.holder },
    }),
  });
  if (!response.ok) return null;
  return ((await response.json()) as { id: string }).id;
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;
/** The same day and time one calendar month later (the 31st of a 30-day month: its last day). */
function nextMonth(iso: string): number {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const next = new Date(d);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next.getTime();
}

export function createPlanBillingImitation(options: {
  now: () => Date;
  webhookSecret: string;
  /** Where our app serves the hosted setup page (app-relative). */
  hostedPath: string;
  stateFile?: string;
}): PlanBillingImitation {
  let state: State = {
    customers: {},
    sessions: {},
    methods: {},
    setupIntents: {},
    tokens: {},
    preapprovals: {},
    idempotent: {},
  };
  if (options.stateFile) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(options.stateFile, 'utf8')) as Partial<State>) };
    } catch {
      // No file yet: a fresh imitation.
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify(state));
  };
  const card = (number: string): Card => ({ number, lastFour: number.slice(-4) });
  const failingChanges = { times: 0, status: 503 };

  const stripeSession = (sid: string) => {
    const s = state.sessions[sid];
    if (!s) return null;
    const intent = s.setupIntent ? state.setupIntents[s.setupIntent] : null;
    const method = intent ? state.methods[intent.method] : null;
    return {
      id: sid,
      object: 'checkout.session',
      mode: 'setup',
      status: s.status,
      url: s.url,
      customer: s.customer,
      metadata: s.metadata,
      client_reference_id: s.metadata.linkRef ?? null,
      setup_intent: intent
        ? {
            id: s.setupIntent,
            object: 'setup_intent',
            status: 'succeeded',
            customer: intent.customer,
            payment_method: {
              id: intent.method,
              object: 'payment_method',
              type: 'card',
              card: { last4: method?.lastFour ?? '0000', brand: 'visa' },
            },
          }
        : null,
    };
  };

  const handle = (method: string, url: URL, body: string, headers: http.IncomingHttpHeaders) => {
    const form = new URLSearchParams(body);
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    const stripeAuthorized = headers.authorization === `Bearer ${imitationStripeKeys.secretKey}`;
    const mpAuthorized = headers.authorization === `Bearer ${imitationMercadoPagoToken}`;
    const p = url.pathname;
    // Stripe
    if (p.startsWith('/v1/') && p !== '/v1/card_tokens') {
      if (!stripeAuthorized) {
        return {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      }
      if (method === 'POST' && p === '/v1/customers') {
        const cid = id('cus');
        state.customers[cid] = { email: form.get('email') ?? '' };
        return { status: 200, body: { id: cid, object: 'customer', email: form.get('email') } };
      }
      const customerMatch = p.match(/^\/v1\/customers\/([^/]+)$/);
      if (customerMatch?.[1] && (method === 'DELETE' || method === 'GET')) {
        const cid = customerMatch[1];
        const live = state.customers[cid];
        if (live && method === 'GET')
          return { status: 200, body: { id: cid, object: 'customer', email: live.email } };
        if (live) {
          // Its saved cards go with it: no payment intent can use them again.
          delete state.customers[cid];
          for (const [si, intent] of Object.entries(state.setupIntents)) {
            if (intent.customer !== cid) continue;
            delete state.methods[intent.method];
            delete state.setupIntents[si];
          }
          state.deletedCustomers = [...(state.deletedCustomers ?? []), cid];
        }
        if (live || (method === 'GET' && state.deletedCustomers?.includes(cid))) {
          return { status: 200, body: { id: cid, object: 'customer', deleted: true } };
        }
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' },
          },
        };
      }
      if (method === 'POST' && p === '/v1/checkout/sessions') {
        if (form.get('mode') !== 'setup' || !state.customers[form.get('customer') ?? '']) {
          return {
            status: 400,
            body: {
              error: { type: 'invalid_request_error', message: 'imitation: setup mode with a customer only' },
            },
          };
        }
        const sid = id('cs_test');
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = k.match(/^metadata\[(.+)\]$/);
          if (m?.[1]) metadata[m[1]] = v;
        }
        state.sessions[sid] = {
          customer: form.get('customer') ?? '',
          url: `${options.hostedPath}/${sid}`,
          success_url: form.get('success_url') ?? '/',
          metadata,
          status: 'open',
          setupIntent: null,
        };
        return { status: 200, body: stripeSession(sid) };
      }
      const sessionMatch = p.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (method === 'GET' && sessionMatch?.[1]) {
        const session = stripeSession(sessionMatch[1]);
        return session
          ? { status: 200, body: session }
          : {
              status: 404,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: 'No such checkout.session',
                },
              },
            };
      }
      if (method === 'POST' && p === '/v1/payment_intents') {
        const pm = state.methods[form.get('payment_method') ?? ''];
        if (!pm || !state.customers[form.get('customer') ?? '']) {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such PaymentMethod',
              },
            },
          };
        }
        const pid = id('pi');
        const declined = pm.number === imitationCards.failCharges;
        state.paymentIntents = state.paymentIntents ?? [];
        state.paymentIntents.push({
          id: pid,
          customer: form.get('customer') ?? '',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: declined ? 'requires_payment_method' : 'succeeded',
          created: Math.floor(options.now().getTime() / 1000),
        });
        if (declined) {
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
                payment_intent: { id: pid, object: 'payment_intent', status: 'requires_payment_method' },
              },
            },
          };
        }
        return {
          status: 200,
          body: {
            id: pid,
            object: 'payment_intent',
            status: 'succeeded',
            amount: Number(form.get('amount')),
          },
        };
      }
      if (method === 'GET' && p === '/v1/payment_intents') {
        const customer = url.searchParams.get('customer');
        const data = (state.paymentIntents ?? [])
          .filter((pi) => customer === null || pi.customer === customer)
          .map((pi) => ({ object: 'payment_intent', ...pi }))
          .reverse();
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_intents' } };
      }
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `imitation: ${method} ${p}` } },
      };
    }
    // Mercado Pago: card tokens are made with the public key by the card form (no bearer).
    if (method === 'POST' && p === '/v1/card_tokens') {
      const b = json();
      const number = String(b.card_number ?? '').replace(/\D/g, '');
      if (!/^\d{13,19}$/.test(number) || !/^\d{3,4}$/.test(String(b.security_code ?? ''))) {
        return {
          status: 400,
          body: {
            message: 'invalid parameters',
            error: 'bad_request',
            status: 400,
            cause: [{ code: 'E301', description: 'invalid card number' }],
          },
        };
      }
      const token = randomBytes(16).toString('hex');
      state.tokens[token] = card(number);
      return { status: 201, body: { id: token, last_four_digits: number.slice(-4), status: 'active' } };
    }
    if (!mpAuthorized) return { status: 401, body: { message: 'invalid access token', status: 401 } };
    if (method === 'POST' && p === '/preapproval') {
      const b = json();
      const token = state.tokens[String(b.card_token_id ?? '')];
      const recurring = (b.auto_recurring ?? {}) as { transaction_amount?: number; currency_id?: string };
      if (!token) return { status: 400, body: { message: 'Card token service not found', status: 400 } };
      delete state.tokens[String(b.card_token_id)];
      if (token.number === imitationCards.decline) {
        return {
          status: 400,
          body: { message: 'CC_VAL_433 Credit card validation has failed', status: 400 },
        };
      }
      const pid = id('pre').replace(/[^a-zA-Z0-9]/g, '');
      state.preapprovals[pid] = {
        card: token,
        amount: Number(recurring.transaction_amount ?? 0),
        currency: String(recurring.currency_id ?? ''),
        external_reference: String(b.external_reference ?? ''),
        status: 'authorized',
        payments: [],
      };
      return {
        status: 201,
        body: {
          id: pid,
          status: 'authorized',
          external_reference: b.external_reference,
          last_four_digits: token.lastFour,
          auto_recurring: b.auto_recurring,
        },
      };
    }
    const preapprovalMatch = p.match(/^\/preapproval\/([^/]+)$/);
    if (preapprovalMatch?.[1]) {
      const pid = preapprovalMatch[1];
      const pre = state.preapprovals[pid];
      if (!pre) return { status: 404, body: { message: 'preapproval not found', status: 404 } };
      if (method === 'PUT' && failingChanges.times > 0) {
        failingChanges.times -= 1;
        return {
          status: failingChanges.status,
          body: { message: 'imitation: preapproval change failed', status: failingChanges.status },
        };
      }
      if (method === 'PUT') {
        const body = json();
        const status = body.status === undefined ? undefined : String(body.status);
        // Mercado Pago's rules: a cancelled preapproval is final; the others move freely.
        if (status !== undefined) {
          if (!['authorized', 'paused', 'cancelled'].includes(status) || pre.status === 'cancelled') {
            return { status: 400, body: { message: `Invalid status ${status}`, status: 400 } };
          }
        }
        const recurring = body.auto_recurring as
          | { transaction_amount?: number; currency_id?: string }
          | undefined;
        if (recurring) {
          const amount = Number(recurring.transaction_amount);
          if (!Number.isFinite(amount) || amount <= 0) {
            return { status: 400, body: { message: 'Invalid transaction_amount', status: 400 } };
          }
          pre.amount = amount;
          if (recurring.currency_id) pre.currency = String(recurring.currency_id);
        }
        if (status !== undefined) pre.status = status as 'authorized' | 'paused' | 'cancelled';
      } else if (method !== 'GET') {
        return { status: 405, body: { message: `imitation: ${method} ${p}`, status: 405 } };
      }
      return {
        status: 200,
        body: {
          id: pid,
          status: pre.status,
          external_reference: pre.external_reference,
          last_four_digits: pre.card.lastFour,
          auto_recurring: {
            frequency: 1,
            frequency_type: 'months',
            transaction_amount: pre.amount,
            currency_id: pre.currency,
          },
        },
      };
    }
    if (method === 'GET' && p === '/authorized_payments/search') {
      const pre = state.preapprovals[url.searchParams.get('preapproval_id') ?? ''];
      if (!pre) return { status: 404, body: { message: 'preapproval not found', status: 404 } };
      // Mercado Pago charges the subscription on its own (frequency 1, 'months'): the first time
      // at once, then on the same day of each following month. Only an authorised preapproval is
      // debited; one resumed after its date passed while paused is debited at once. The debit is
      // made when first looked at on or after its date, so a test that looks daily sees MP's dates.
      const nowMs = options.now().getTime();
      const last = pre.payments.at(-1);
      if (pre.status === 'authorized' && (!last || nowMs >= nextMonth(last.debit_date))) {
        const declined = pre.card.number === imitationCards.failCharges;
        pre.payments.push({
          id: 7_000_000 + Object.keys(state.preapprovals).length * 1000 + pre.payments.length,
          status: declined ? 'recycling' : 'processed',
          debit_date: new Date(nowMs).toISOString(),
          transaction_amount: pre.amount,
          payment: {
            id: 9_000_000 + Math.floor(Math.random() * 1_000_000),
            status: declined ? 'rejected' : 'approved',
            status_detail: declined ? 'cc_rejected_insufficient_amount' : 'accredited',
          },
        });
      }
      return { status: 200, body: { paging: { total: pre.payments.length }, results: pre.payments } };
    }
    return { status: 404, body: { message: `imitation: ${method} ${p}`, status: 404 } };
  };

  let server: http.Server | null = null;
  let base: Promise<string> | null = null;
  const start = () => {
    base ??= new Promise<string>((resolve) => {
      const listening = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          const url = new URL(req.url ?? '/', 'http://imitation');
          const key = req.headers['idempotency-key'] ?? req.headers['x-idempotency-key'];
          const cacheKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
          const answer =
            (cacheKey && state.idempotent[cacheKey]) || handle(req.method ?? 'GET', url, body, req.headers);
          if (cacheKey) state.idempotent[cacheKey] = answer;
          save();
          res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(JSON.stringify(answer.body));
        });
      });
      server = listening;
      listening.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`),
      );
    });
    return base;
  };

  return {
    endpoints: async () => ({ base: await start() }),
    failPreapprovalChanges(times, status = 503) {
      failingChanges.times = times;
      failingChanges.status = status;
    },
    session(sessionId) {
      const s = state.sessions[sessionId];
      return s ? { status: s.status, successUrl: s.success_url } : null;
    },
    completeSetup(sessionId, cardNumber) {
      const s = state.sessions[sessionId];
      if (!s) return null;
      const number = cardNumber.replace(/\D/g, '');
      if (number === imitationCards.decline) {
        return { ok: false, message: 'La tarjeta fue rechazada. Prueba con otra tarjeta.' };
      }
      if (number !== imitationCards.approve && number !== imitationCards.failCharges) {
        return { ok: false, message: 'Usa una de las tarjetas de prueba indicadas abajo.' };
      }
      const pm = id('pm');
      const si = id('seti');
      state.methods[pm] = card(number);
      state.setupIntents[si] = { method: pm, customer: s.customer };
      s.status = 'complete';
      s.setupIntent = si;
      save();
      // Stripe's webhook, signed as Stripe signs (t=…,v1=HMAC-SHA256 of "t.payload"); the SDK
      // checks the timestamp against the wall clock, so it is signed with it.
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: stripeSession(sessionId) },
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', options.webhookSecret).update(`${t}.${payload}`).digest('hex');
      return { ok: true, event: { payload, signature: `t=${t},v1=${v1}` } };
    },
    async close() {
      const s = server as http.Server | null;
      if (s) await new Promise((resolve) => s.close(resolve));
    },
  };
}
