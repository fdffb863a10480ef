import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { authenticate, sendError } from '../../rpc.ts';
import { exportFileFor, exportRoutePrefix } from './contacts-export.ts';

/**
 * GET /files/contacts-export/:name: the spreadsheet of download-excel-contacts, only to its owner
 * (Bearer; a corporate session needs contactsInfo). Anyone else, and expired links, get 404.
 */
export function registerContactsExportRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { name: string } }>(`${exportRoutePrefix}:name`, async (request, reply) => {
    const session = await authenticate(deps, request);
    if (!session) return sendError(reply, undefined, 'E401', 'es');
    const { user } = session;
    if (user.userType !== 1 || (user.permissions !== null && user.permissions.contactsInfo !== true)) {
      return sendError(reply, undefined, 'E403', 'es');
    }
    const file = await exportFileFor(deps, user.ref, request.params.name);
    if (!file)
      return reply.code(404).send({ status: '404', code: 'E404', message: 'Archivo no encontrado.' });
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="consultantes.xlsx"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(file));
  });
}
