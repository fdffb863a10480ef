import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { calendarFeedBody } from './calendar-feed.service.ts';

/**
 * The private ICS feed of a professional's appointments. Calendar apps cannot send our
 * Authorization header, so the secret address is the credential; unknown ones answer 404.
 */
export function registerCalendarFeedRoute(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.calendarFeed, async ({ params }, { reply }) => {
    const token = params.file.replace(/\.ics$/, '');
    const body = await calendarFeedBody(deps, token);
    if (body === null) throw new ActionError('E404');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="agendo.ics"')
      .send(body);
  });
}
