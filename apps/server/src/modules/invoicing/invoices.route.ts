import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { invoicePdfOf } from './invoices.service.ts';

/**
 * GET /invoice-files/{ref} with the Bearer header ('Ver Factura', spec 001 §4): the PDF of an
 * invoice of the session's account. Another account's invoice answers 404, as one that does
 * not exist; the web app fetches it and opens a blob: URL.
 */
export function registerInvoiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.invoicePdf, async ({ params }, { user, reply }) => {
    const file = await invoicePdfOf(deps, user.id, params.ref).catch(() => null);
    if (!file) throw new ActionError('E404');
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${ascii}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.bytes);
  });
}
