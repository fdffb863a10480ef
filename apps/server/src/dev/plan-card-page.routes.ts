import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerRoute } from '../http-routes.ts';
import { escapeHtml } from '../lib/html.ts';
import { cardForm, imitationPage, messageCard, readCardForm } from './imitation-page.ts';

const stripe = { label: 'Stripe', color: '#4f46e5' };
const page = (body: string, returnUrl?: string) => imitationPage(stripe, 'Vincular tarjeta', body, returnUrl);

function setupForm(session: string, error?: string): string {
  return page(`<div class="card">
  <p>Guarda tu tarjeta para pagar tu plan cada mes. No se cobra nada ahora.</p>
  ${cardForm(`/sandbox-plan-card/stripe/${session}`, 'Guardar tarjeta', error)}
  <div class="hint">Tarjetas de prueba: <code>4242 4242 4242 4242</code> se guarda y paga, <code>4000 0000 0000 0341</code> se guarda pero sus cobros son rechazados y <code>4000 0000 0000 0002</code> es rechazada. Cualquier vencimiento futuro y cualquier código.</div>
</div>`);
}

function donePage(successUrl: string): string {
  return page(
    `<div class="card"><p class="ok" role="status">Tarjeta guardada.</p><a class="button" href="${escapeHtml(successUrl)}" target="_top">Volver a Agendo</a></div>`,
    successUrl,
  );
}

const unknownSession = () => page(messageCard('error', 'No encontramos esta vinculación.'));

/**
 * The plan-card imitation's hosted setup page (Stripe Checkout in setup mode, issue 16). It ends
 * like Stripe does: a signed checkout.session.completed posted to the plan card's webhook route,
 * then back to the success URL. `scope` reads form bodies as fields.
 */
export function registerPlanCardPage(scope: FastifyInstance, app: FastifyInstance, deps: AppDeps): void {
  const imitation = deps.planCards.imitation;
  registerRoute(scope, deps, routes.sandboxPlanCardPage, async ({ params }, { reply }) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const session = imitation?.session(params.session);
    if (!session) return reply.code(404).send(unknownSession());
    if (session.status === 'complete') return reply.send(donePage(session.successUrl));
    return reply.send(setupForm(params.session));
  });

  registerRoute(scope, deps, routes.sandboxPlanCardSubmit, async ({ params }, { request, reply }) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const session = imitation?.session(params.session);
    if (!imitation || !session) return reply.code(404).send(unknownSession());
    if (session.status === 'complete') return reply.send(donePage(session.successUrl));
    const card = readCardForm(request.body, deps.now());
    if ('error' in card) return reply.code(400).send(setupForm(params.session, card.error));
    const done = imitation.completeSetup(params.session, card.number);
    if (!done) return reply.code(404).send(setupForm(params.session, 'No encontramos esta vinculación.'));
    if (!done.ok) return reply.code(400).send(setupForm(params.session, done.message));
    // Stripe tells us through its signed webhook, exactly as the real one would.
    const delivered = await app.inject({
      method: 'POST',
      url: routes.planCardWebhook.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': done.event.signature },
      payload: done.event.payload,
    });
    if (delivered.statusCode !== 200)
      request.log.error({ status: delivered.statusCode }, 'imitation webhook refused');
    return reply.send(donePage(session.successUrl));
  });
}
