import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { calendarFeedBody } from './calendar-feed.service.ts';

/**
 * The private ICS feed of a professional's appointments. Calendar apps cannot send our
 * Authorization header, so the secret address is the credential; unknown ones answer 404.
 */
export function registerCalendarFeedRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '');
    const body = await calendarFeedBody(deps, token);
    if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="agendo.ics"')
      .send(body);
  });
}
