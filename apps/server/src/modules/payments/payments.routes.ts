import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { type RouteContext, registerRoute } from '../../http-routes.ts';
import type { PaymentProvider, ProviderName } from '../../providers/payments/payment-provider.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import { providerNames } from '../../providers/payments/payment-providers.ts';
import { errorBody } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { providerOfAccount } from './payment-accounts.service.ts';
import { applyWebhook, completeProviderReturn } from './payments.service.ts';

const isProvider = (value: string): value is ProviderName =>
  (providerNames as readonly string[]).includes(value);

/**
 * Provider webhooks and the return step. The webhooks read the raw body (for signatures) in an
 * encapsulated scope, so the rest of the app keeps Fastify's JSON parser. The sandbox's hosted
 * checkout is the development plugin's (dev/sandbox-checkout.routes.ts).
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
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
  });
}
