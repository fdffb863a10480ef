import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { finishLink } from './external-calendars.service.ts';

/**
 * The OAuth return of calendar and Zoom linking, and (outside production) the providers'
 * imitation under /imitation/. The imitation reads bodies as its providers send them: JSON,
 * form fields (OAuth token requests, the consent form), XML and iCalendar (CalDAV), so its
 * parsers live in a scope of their own and the rest of the app keeps refusing those types.
 */
export async function registerExternalCalendarRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, deps, routes.calendarLinkCallback, async ({ params, query }, { reply }) =>
    reply.redirect(await finishLink(deps, params.provider, query), 302),
  );
  // Never in production (the route table leaves these out there); with CALENDAR_IMITATION=0 they answer 404.
  if (deps.config.env === 'production') return;
  const imitation = deps.calendars.imitation;
  if (!app.supportedMethods.includes('REPORT')) app.addHttpMethod('REPORT', { hasBody: true });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.addContentTypeParser(
      ['application/xml', 'text/xml', 'text/calendar'],
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, String(body));
      },
    );
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
  });
}
