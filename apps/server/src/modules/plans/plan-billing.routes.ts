import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { escapeHtml } from '../../lib/html.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import { imitationCards } from '../../providers/plan-billing/plan-billing-imitation.ts';
import { errorBody } from '../../rpc.ts';
import { applyStripeCardWebhook } from './plan-card-linking.service.ts';

/** The imitation's hosted setup page: a plain form, no script (the app's CSP), framed by the overlay. */
function setupPage(body: string, returnUrl?: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vincular tarjeta · Stripe (prueba)</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
  header{background:#4f46e5;color:#fff;padding:14px 20px;display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
  header span{font-size:12px;background:rgba(255,255,255,.2);padding:3px 8px;border-radius:999px}
  main{max-width:440px;margin:20px auto;padding:0 16px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  label{display:block;font-size:14px;font-weight:600;margin:14px 0 4px}
  input{width:100%;font-size:16px;padding:10px 12px;border:1px solid #94a3b8;border-radius:8px}
  .row{display:flex;gap:12px}.row>div{flex:1}
  button,.button{display:block;width:100%;margin-top:18px;padding:12px;font-size:16px;font-weight:700;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer;text-align:center;text-decoration:none;min-height:44px}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:10px 12px;margin-top:14px;font-size:14px}
  .ok{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0;border-radius:8px;padding:10px 12px;font-size:15px}
  .hint{margin-top:16px;font-size:13px;color:#334155;background:#f8fafc;border:1px dashed #94a3b8;border-radius:8px;padding:10px 12px}
</style>
</head>
<body${returnUrl ? ` data-return="${escapeHtml(returnUrl)}"` : ''}>
<header><strong>Stripe</strong><span>Entorno de prueba de Agendo</span></header>
<main>${body}</main>
${returnUrl ? '<script src="/sandbox-checkout/return.js"></script>' : ''}
</body>
</html>`;
}

function setupForm(session: string, error?: string): string {
  return setupPage(`<div class="card">
  <p>Guarda tu tarjeta para pagar tu plan cada mes. No se cobra nada ahora.</p>
  <form method="post" action="/sandbox-plan-card/stripe/${escapeHtml(session)}" novalidate>
    <label for="number">Número de tarjeta</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
    <div class="row">
      <div><label for="expiry">Vencimiento</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/AA" required></div>
      <div><label for="cvc">Código de seguridad</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
    </div>
    <label for="holder">Nombre del titular</label>
    <input id="holder" name="holder" autocomplete="cc-name" required>
    ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
    <button type="submit">Guardar tarjeta</button>
  </form>
  <div class="hint">Tarjetas de prueba: <code>4242 4242 4242 4242</code> se guarda y paga, <code>4000 0000 0000 0341</code> se guarda pero sus cobros son rechazados y <code>4000 0000 0000 0002</code> es rechazada. Cualquier vencimiento futuro y cualquier código.</div>
</div>`);
}

/**
 * The plan card's routes (issue 16): Stripe's webhook (raw body for its signature) and, outside
 * production, the imitation's hosted setup page, which ends like Stripe does: a signed
 * checkout.session.completed posted to the same webhook route, then back to the success URL.
 */
export function registerPlanBillingRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
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

    const imitation = deps.planCards.imitation;
    registerRoute(scope, deps, routes.sandboxPlanCardPage, async ({ params }, { reply }) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const session = imitation?.session(params.session);
      if (!session)
        return reply
          .code(404)
          .send(setupPage('<div class="card"><p class="error">No encontramos esta vinculación.</p></div>'));
      if (session.status === 'complete') return reply.send(donePage(session.successUrl));
      return reply.send(setupForm(params.session));
    });

    registerRoute(scope, deps, routes.sandboxPlanCardSubmit, async ({ params }, { request, reply }) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const session = imitation?.session(params.session);
      if (!imitation || !session) {
        return reply
          .code(404)
          .send(setupPage('<div class="card"><p class="error">No encontramos esta vinculación.</p></div>'));
      }
      if (session.status === 'complete') return reply.send(donePage(session.successUrl));
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        string
      >;
      const number = String(form.number ?? '').replace(/\D/g, '');
      const expiry = String(form.expiry ?? '').match(/^\s*(\d{2})\s*\/\s*(\d{2})\s*$/);
      if (!number) return reply.code(400).send(setupForm(params.session, 'Ingresa el número de la tarjeta.'));
      if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
        return reply
          .code(400)
          .send(setupForm(params.session, 'Ingresa un vencimiento futuro con el formato MM/AA.'));
      }
      if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim())) {
        return reply.code(400).send(setupForm(params.session, 'Ingresa el código de seguridad.'));
      }
      if (!String(form.holder ?? '').trim()) {
        return reply.code(400).send(setupForm(params.session, 'Ingresa el nombre del titular.'));
      }
      const done = imitation.completeSetup(params.session, number);
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
  });
}

function donePage(successUrl: string): string {
  return setupPage(
    `<div class="card"><p class="ok" role="status">Tarjeta guardada.</p><a class="button" href="${escapeHtml(successUrl)}" target="_top">Volver a Agendo</a></div>`,
    successUrl,
  );
}

export { imitationCards };
