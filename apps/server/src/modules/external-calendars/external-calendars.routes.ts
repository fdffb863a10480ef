import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { finishLink } from './external-calendars.service.ts';

/**
 * The OAuth return of calendar and Zoom linking. The providers' imitation is the development
 * plugin's (dev/calendar-imitation.routes.ts).
 */
export function registerExternalCalendarRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.calendarLinkCallback, async ({ params, query }, { reply }) =>
    reply.redirect(await finishLink(deps, params.provider, query), 302),
  );
}
