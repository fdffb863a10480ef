import { createReadStream } from 'node:fs';
import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { billingExports } from './billing-export.ts';

/**
 * GET /files/billing-export/:name: the sales spreadsheet, only to its owner (Bearer; a corporate
 * session needs billingExport). Anyone else, and expired links, get 404.
 */
export function registerBillingExportRoute(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.billingExport, async ({ params }, { user, reply }) => {
    const file = await billingExports.fileFor(deps, user.ref, params.name);
    if (!file) throw new ActionError('E404');
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="contrataciones.xlsx"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(file));
  });
}
