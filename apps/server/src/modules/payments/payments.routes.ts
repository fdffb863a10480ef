import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { type RouteContext, registerRoute } from '../../http-routes.ts';
import { newRef } from '../../lib/random.ts';
import type { PaymentProvider, ProviderName } from '../../providers/payments/payment-provider.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import { providerNames, sandboxedProviders } from '../../providers/payments/payment-providers.ts';
import {
  type SandboxEventBody,
  sandboxCards,
  sandboxSignatureHeader,
  signSandboxPayload,
} from '../../providers/payments/sandbox-provider.ts';
import { errorBody } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { providerOfAccount, sandboxWebhookTarget } from './payment-accounts.service.ts';
import { applyWebhook, completeProviderReturn, sandboxPayment } from './payments.service.ts';
import { approvedPage, checkoutPage, returnScript, unknownPaymentPage } from './sandbox-checkout-page.ts';

const isProvider = (value: string): value is ProviderName =>
  (providerNames as readonly string[]).includes(value);

/**
 * Provider webhooks (raw body, for signatures) and the sandbox's hosted checkout pages. Both
 * live in one encapsulated scope with their own body parsers, so the rest of the app keeps
 * Fastify's JSON parser.
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** Verifies the notification with the adapter's keys and applies it to a payment those keys made. */
    const receive = async (provider: PaymentProvider, { request, reply, lang }: RouteContext) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        const event = await provider.parseWebhook(raw, request.headers);
        const result = await applyWebhook(deps, provider, event);
        return { status: '200' as const, result };
      } catch (error) {
        if (error instanceof WebhookRejected) {
          request.log.warn(
            { provider: provider.name, account: provider.account?.ref, reason: error.reason },
            'webhook rejected',
          );
          return reply
            .code(400)
            .send({ ...errorBody(routes.paymentWebhook, 'E400', lang), reason: error.reason });
        }
        throw error;
      }
    };

    registerRoute(scope, deps, routes.paymentWebhook, async ({ params }, ctx) => {
      const name = params.provider;
      if (!isProvider(name)) throw new ActionError('E404');
      return receive(deps.payments[name], ctx);
    });

    // A professional's own account: verified with their keys, never the platform's.
    registerRoute(scope, deps, routes.paymentAccountWebhook, async ({ params }, ctx) => {
      const name = params.provider;
      const provider = isProvider(name) ? await providerOfAccount(deps, name, params.account) : undefined;
      if (!provider) throw new ActionError('E404');
      return receive(provider, ctx);
    });

    // The provider's return step (PayPal captures the approved order here), then the app's page.
    registerRoute(scope, deps, routes.paymentReturn, async ({ params }, { reply }) => {
      const { provider, ref } = params;
      const next = isProvider(provider) ? await completeProviderReturn(deps, provider, ref) : null;
      if (!next) throw new ActionError('E404');
      return reply.header('Cache-Control', 'no-store').redirect(next, 303);
    });

    // Production with real keys for every provider has no sandbox page at all: its test card
    // must not be reachable (issue 12). Only the providers the sandbox serves have one; the
    // routes stay in the route table and answer 404.
    const sandboxed: readonly ProviderName[] = sandboxedProviders(deps.payments);
    const isSandboxed = (value: string): value is ProviderName =>
      (sandboxed as readonly string[]).includes(value);

    registerRoute(scope, deps, routes.sandboxReturnScript, async (_input, { reply }) => {
      if (sandboxed.length === 0) return reply.code(404).send({ status: '404' });
      return reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(returnScript);
    });

    registerRoute(scope, deps, routes.sandboxCheckoutPage, async ({ params }, { reply }) => {
      const { provider, ref } = params;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (!isSandboxed(provider)) return reply.code(404).send(unknownPaymentPage('stripe'));
      const found = await sandboxPayment(deps, provider, ref);
      if (!found) return reply.code(404).send(unknownPaymentPage(provider));
      if (found.payment.state === 'approved') {
        return reply.send(approvedPage(pageData(provider, found), found.payment.return_url));
      }
      return reply.send(checkoutPage(pageData(provider, found)));
    });

    registerRoute(scope, deps, routes.sandboxCheckoutPay, async ({ params }, { request, reply }) => {
      const { provider, ref } = params;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (!isSandboxed(provider)) return reply.code(404).send(unknownPaymentPage('stripe'));
      const found = await sandboxPayment(deps, provider, ref);
      if (!found) return reply.code(404).send(unknownPaymentPage(provider));
      const data = pageData(provider, found);
      if (found.payment.state === 'approved') return reply.send(approvedPage(data, found.payment.return_url));
      const body = request.body;
      const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, string>;
      const number = String(form.number ?? '').replace(/\D/g, '');
      const expiry = String(form.expiry ?? '').match(/^\s*(\d{2})\s*\/\s*(\d{2})\s*$/);
      const cvc = String(form.cvc ?? '').trim();
      if (!number) return reply.code(400).send(checkoutPage(data, 'Ingresa el número de la tarjeta.'));
      if (!expiry || !isFutureExpiry(Number(expiry[1]), Number(expiry[2]), deps.now())) {
        return reply
          .code(400)
          .send(checkoutPage(data, 'Ingresa un vencimiento futuro con el formato MM/AA.'));
      }
      if (!/^\d{3,4}$/.test(cvc))
        return reply.code(400).send(checkoutPage(data, 'Ingresa el código de seguridad.'));
      if (!String(form.holder ?? '').trim()) {
        return reply.code(400).send(checkoutPage(data, 'Ingresa el nombre del titular.'));
      }
      const approved = number === sandboxCards.approve;
      if (!approved && number !== sandboxCards.decline) {
        return reply.code(400).send(checkoutPage(data, 'Usa una de las tarjetas de prueba indicadas abajo.'));
      }
      // The provider tells us through its signed webhook, exactly like a real one would.
      await deliverSandboxWebhook(app, deps, found.payment, {
        id: `evt_${newRef()}`,
        type: approved ? 'payment.approved' : 'payment.declined',
        data: { paymentId: found.payment.provider_payment_id ?? '', paymentRef: found.payment.ref },
      });
      if (!approved) {
        return reply.send(checkoutPage(data, 'La tarjeta fue rechazada. Prueba con otra tarjeta.'));
      }
      return reply.send(approvedPage(data, found.payment.return_url));
    });
  });
}

function pageData(
  provider: ProviderName,
  found: { payment: { ref: string; amount_minor: number; currency: string }; description: string },
) {
  return {
    provider,
    paymentRef: found.payment.ref,
    description: found.description,
    amountMinor: found.payment.amount_minor,
    currency: found.payment.currency,
  };
}

function isFutureExpiry(month: number, year: number, now: Date): boolean {
  if (month < 1 || month > 12) return false;
  const full = 2000 + year;
  return full > now.getUTCFullYear() || (full === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/**
 * Signs and posts the sandbox's webhook through the same route and checks a real one goes
 * through: the platform's, or the professional's own account's (signed with their secret key).
 */
export async function deliverSandboxWebhook(
  app: FastifyInstance,
  deps: AppDeps,
  payment: { provider: string; seller_gateway_id: number | null },
  body: SandboxEventBody,
): Promise<number> {
  const target = await sandboxWebhookTarget(deps, payment);
  if (!target) return 404;
  const raw = JSON.stringify(body);
  const signature = signSandboxPayload(target.secret, raw, Math.floor(deps.now().getTime() / 1000));
  const response = await app.inject({
    method: 'POST',
    url: target.path,
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
    payload: raw,
  });
  return response.statusCode;
}
