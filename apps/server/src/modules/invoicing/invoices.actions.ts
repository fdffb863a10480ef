import { handle } from '../../rpc.ts';
import { afipBilling } from './invoices.service.ts';

// spec 001 §6: in a corporate session issuing needs the 'invoice' permission (else 'No tienes
// permisos suficientes para emitir facturas.'). The sale must be the account's own (checked in
// the service: another seller's sale answers as one that does not exist).
export const invoiceHandlers = [
  handle('afip-billing', 'professional:invoice', async (input, ctx) =>
    afipBilling(ctx.deps, ctx.user.id, input),
  ),
];
