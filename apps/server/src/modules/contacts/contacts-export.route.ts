import { createReadStream } from 'node:fs';
import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { contactsExports } from './contacts-export.ts';

/**
 * GET /files/contacts-export/:name: the spreadsheet of download-excel-contacts, only to its owner
 * (Bearer; a corporate session needs contactsInfo). Anyone else, and expired links, get 404.
 */
export function registerContactsExportRoute(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.contactsExport, async ({ params }, { user, reply }) => {
    const file = await contactsExports.fileFor(deps, user.ref, params.name);
    if (!file) throw new ActionError('E404');
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="consultantes.xlsx"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(file));
  });
}
