import { handle, requirePermission } from '../../rpc.ts';
import { ownerInfo } from './billing.repository.ts';
import { findBillingForExport, findBillingPage } from './billing.service.ts';
import { writeBillingWorkbook } from './billing-export.ts';

export const billingHandlers = [
  // spec 001 §6: the sales list sits under contactsBilling in a corporate session; its export
  // also needs billingExport. The owner is always the session's data owner: no other seller's rows.
  handle('find-billing-all', 'professional:contactsBilling', async (input, ctx) => {
    const filter = {
      consultantId: input.consultantId,
      search: input.search,
      sort: input.sort,
      dir: input.dir,
      filters: {
        state: input.state,
        from: input.from,
        to: input.to,
        currency: input.currency,
        method: input.method,
      },
    };
    if (input.export) {
      requirePermission(ctx, 'billingExport');
      const owner = await ownerInfo(ctx.deps.db, ctx.user.id);
      const rows = await findBillingForExport(ctx.deps, ctx.user.id, filter);
      const file = await writeBillingWorkbook(ctx.deps, owner.ref, rows, input.timezone ?? owner.timeZone);
      return { rows: [], total: rows.length, file };
    }
    return findBillingPage(ctx.deps, ctx.user.id, filter, {
      page: input.page,
      pageSize: input.pageSize,
      next: input.next,
    });
  }),
];
