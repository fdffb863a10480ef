import { handle } from '../../rpc.ts';
import {
  findAfipLink,
  getAfipData,
  getAfipPadron,
  linkAfipImitation,
  saveAfipCertificate,
  startAfipLink,
  updateAfipData,
} from './fiscal-data.service.ts';

// spec 001 §6: a team member of a corporate account needs the 'invoice' permission for the
// fiscal data and invoices (else 'No tienes permisos suficientes para emitir facturas.'); the
// professional themself always may. The records are always the account's own: its profile, or
// a contact it owns (checked in the service).
export const fiscalDataHandlers = [
  handle('get-afip-data', 'professional:invoice', async (input, ctx) =>
    getAfipData(ctx.deps, ctx.user.id, input),
  ),
  handle('update-afip-data', 'professional:invoice', async (input, ctx) =>
    updateAfipData(ctx.deps, ctx.user.id, input),
  ),
  // The registry is searched with the account's own AFIP link, never another's.
  handle('get-afip-padron', 'professional:invoice', async (input, ctx) =>
    getAfipPadron(ctx.deps, ctx.user.id, input.dni),
  ),
  // link-afip / connect-afip: always the account's own link.
  handle('find-afip-link', 'professional:invoice', async (_input, ctx) =>
    findAfipLink(ctx.deps, ctx.user.id),
  ),
  handle('start-afip-link', 'professional:invoice', async (_input, ctx) =>
    startAfipLink(ctx.deps, ctx.user.id),
  ),
  handle('save-afip-certificate', 'professional:invoice', async (input, ctx) =>
    saveAfipCertificate(ctx.deps, ctx.user.id, input.certificate),
  ),
  handle('link-afip-imitation', 'professional:invoice', async (_input, ctx) =>
    linkAfipImitation(ctx.deps, ctx.user.id),
  ),
];
