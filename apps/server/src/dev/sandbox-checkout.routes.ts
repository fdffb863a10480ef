import { routes } from '@agendo/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerRoute } from '../http-routes.ts';
import { newRef } from '../lib/random.ts';
import { sandboxWebhookTarget } from '../modules/payments/payment-accounts.service.ts';
import { sandboxPayment } from '../modules/payments/payments.service.ts';
import type { ProviderName } from '../providers/payments/payment-provider.ts';
import { sandboxedProviders } from '../providers/payments/payment-providers.ts';
import {
  type SandboxEventBody,
  sandboxCards,
  sandboxSignatureHeader,
  signSandboxPayload,
} from '../providers/payments/sandbox-provider.ts';
import { readCardForm, returnScript } from './imitation-page.ts';
import { approvedPage, checkoutPage, unknownPaymentPage } from './sandbox-checkout-page.ts';

/**
 * The sandbox provider's hosted checkout: a provider's card page, its test cards, and the signed
 * webhook a real provider would send. Only the providers the sandbox serves have a page (with
 * real keys for one, its page answers 404, issue 12). `scope` reads form bodies as fields.
 */
export function registerSandboxCheckout(scope: FastifyInstance, app: FastifyInstance, deps: AppDeps): void {
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

  /** The payment of the page, or null once the 404 page or the approved page is sent. */
  const paymentOf = async (params: { provider: string; ref: string }, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const { provider, ref } = params;
    if (!isSandboxed(provider)) {
      reply.code(404).send(unknownPaymentPage('stripe'));
      return null;
    }
    const found = await sandboxPayment(deps, provider, ref);
    if (!found) {
      reply.code(404).send(unknownPaymentPage(provider));
      return null;
    }
    const data = {
      provider,
      paymentRef: found.payment.ref,
      description: found.description,
      amountMinor: found.payment.amount_minor,
      currency: found.payment.currency,
    };
    if (found.payment.state === 'approved') {
      reply.send(approvedPage(data, found.payment.return_url));
      return null;
    }
    return { payment: found.payment, data };
  };

  registerRoute(scope, deps, routes.sandboxCheckoutPage, async ({ params }, { reply }) => {
    const found = await paymentOf(params, reply);
    return found ? reply.send(checkoutPage(found.data)) : reply;
  });

  registerRoute(scope, deps, routes.sandboxCheckoutPay, async ({ params }, { request, reply }) => {
    const found = await paymentOf(params, reply);
    if (!found) return reply;
    const { payment, data } = found;
    const card = readCardForm(request.body, deps.now());
    if ('error' in card) return reply.code(400).send(checkoutPage(data, card.error));
    if (card.number !== sandboxCards.approve && card.number !== sandboxCards.decline) {
      return reply.code(400).send(checkoutPage(data, 'Usa una de las tarjetas de prueba indicadas abajo.'));
    }
    // Issue 28: with PAYMENTS_SANDBOX=1 in production the page serves, but a test card is not
    // money: it declines (and the provider reads any approval it signs as a decline too).
    const production = deps.config.env === 'production';
    const approved = card.number === sandboxCards.approve && !production;
    // The provider tells us through its signed webhook, exactly like a real one would.
    await deliverSandboxWebhook(app, deps, payment, {
      id: `evt_${newRef()}`,
      type: approved ? 'payment.approved' : 'payment.declined',
      data: { paymentId: payment.provider_payment_id ?? '', paymentRef: payment.ref },
    });
    if (!approved) {
      const why =
        production && card.number === sandboxCards.approve
          ? 'Esta es una imitación de pagos: en producción la tarjeta de prueba no aprueba pagos reales.'
          : 'La tarjeta fue rechazada. Prueba con otra tarjeta.';
      return reply.send(checkoutPage(data, why));
    }
    return reply.send(approvedPage(data, payment.return_url));
  });
}

/**
 * Signs and posts the sandbox's webhook through the same route and checks a real one goes
 * through: the platform's, or the professional's own account's (signed with their secret key).
 */
async function deliverSandboxWebhook(
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
