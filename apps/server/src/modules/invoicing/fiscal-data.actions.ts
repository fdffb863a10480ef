import { handle } from '../../rpc.ts';
import { getAfipData, getAfipPadron, updateAfipData } from './fiscal-data.service.ts';

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
];
