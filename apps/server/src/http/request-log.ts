import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * One line per finished request instead of Fastify's two (incoming + completed), and in
 * production only a sample of the ordinary ones: server errors and slow answers are always
 * written, so what needs looking into is never sampled away. Needs the app built with Fastify's
 * own request logging disabled (`new LogController({ disableRequestLogging: true })`).
 */
export function registerRequestLog(
  app: FastifyInstance,
  settings: AppConfig['requestLog'],
  random: () => number = Math.random,
) {
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    const failed = reply.statusCode >= 500;
    const slow = responseTime >= settings.slowMs;
    if (failed || slow || random() < settings.sample) {
      const level = failed ? 'error' : slow ? 'warn' : 'info';
      request.log[level]({ req: request, res: reply, responseTime }, 'request completed');
    }
    done();
  });
}
