import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerRoute } from '../http-routes.ts';

/**
 * The offline imitation of Google Calendar, Microsoft Graph, Zoom and CalDAV under /imitation/
 * (issue 18, ADR 018), which the real adapters call outside production. With CALENDAR_IMITATION=0
 * it answers 404. `scope` reads bodies as those providers send them: JSON, form fields (OAuth
 * token requests, the consent form), XML and iCalendar (CalDAV).
 */
export function registerCalendarImitation(scope: FastifyInstance, deps: AppDeps): void {
  const imitation = deps.calendars.imitation;
  for (const def of [
    routes.providerImitationGET,
    routes.providerImitationPOST,
    routes.providerImitationPUT,
    routes.providerImitationDELETE,
    routes.providerImitationREPORT,
  ]) {
    registerRoute(scope, deps, def, async ({ params, query }, { request, reply }) => {
      if (!imitation) return reply.code(404).send({ status: '404' });
      const answer = imitation.handle({
        method: request.method,
        path: `/${params['*']}`,
        query,
        headers: request.headers,
        body: request.body,
      });
      reply.code(answer.status);
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.send(answer.body === '' ? undefined : answer.body);
    });
  }
}
