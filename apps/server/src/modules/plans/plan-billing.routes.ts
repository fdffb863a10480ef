import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import { errorBody } from '../../rpc.ts';
import { applyStripeCardWebhook } from './plan-card-linking.service.ts';

/**
 * The plan card's webhook (issue 16): Stripe's notifications, read raw for their signature. The
 * imitation's hosted setup page is the development plugin's (dev/plan-card-page.routes.ts).
 */
export function registerPlanBillingRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    registerRoute(scope, deps, routes.planCardWebhook, async (_input, { request, reply, lang }) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        return { status: '200' as const, result: await applyStripeCardWebhook(deps, raw, request.headers) };
      } catch (error) {
        if (error instanceof WebhookRejected) {
          request.log.warn({ reason: error.reason }, 'plan card webhook rejected');
          return reply
            .code(400)
            .send({ ...errorBody(routes.planCardWebhook, 'E400', lang), reason: error.reason });
        }
        throw error;
      }
    });
  });
}
