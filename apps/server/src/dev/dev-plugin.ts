import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import { routeModes } from '../http-routes.ts';
import { type AfipImitation, createAfipImitation } from '../providers/afip/afip-imitation.ts';
import { registerCalendarImitation } from './calendar-imitation.routes.ts';
import { registerDevMailbox } from './dev-mailbox.route.ts';
import { registerPlanCardPage } from './plan-card-page.routes.ts';
import { registerSandboxCheckout } from './sandbox-checkout.routes.ts';

/**
 * The development plugin (issue 27, ADR 020): imitations of outside services and development
 * tools, apart from the slices that serve real traffic. What it registers follows the route
 * table's `only` (http-routes.ts routeModes): outside production everything; in production the
 * payment sandbox's hosted pages only when the operator accepts the sandbox (PAYMENTS_SANDBOX=1),
 * and never the mailbox or the calendar imitation. The server refuses to start if the two disagree.
 */
export async function registerDevelopmentPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const modes = routeModes(deps.config);
  if (!modes.development && !modes.sandbox) return;
  // CalDAV's REPORT (RFC 4791), for the calendar imitation only.
  if (modes.development && !app.supportedMethods.includes('REPORT')) {
    app.addHttpMethod('REPORT', { hasBody: true });
  }
  // A scope of its own: the imitations read form fields (card forms, OAuth token requests, the
  // consent form), XML and iCalendar (CalDAV); the rest of the app keeps refusing those types.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser(
      ['application/xml', 'text/xml', 'text/calendar'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, String(body)),
    );
    if (modes.sandbox) {
      registerSandboxCheckout(scope, app, deps);
      registerPlanCardPage(scope, app, deps);
    }
    if (modes.development) {
      registerDevMailbox(scope, deps);
      registerCalendarImitation(scope, deps);
    }
  });
}

/**
 * The offline AFIP (ADR 014) on a loopback port of its own, when AFIP_ENV asks for it (its default
 * outside production). Never in production, even from a config built in code.
 */
export function startAfipImitation(config: AppConfig, now: () => Date): AfipImitation | null {
  if (config.env === 'production' || config.afip.environment !== 'imitacion') return null;
  return createAfipImitation({ now, stateDir: path.join(config.dataDir, 'afip-imitation') });
}
