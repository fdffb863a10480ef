import type { AccountClosingStep } from '../../deps.ts';
import { findPlanCard, wantPreapproval } from './plan-billing.repository.ts';
import { endPlanOf } from './plan-closing.repository.ts';
import { syncPreapprovalsNow } from './plan-preapprovals.service.ts';

/**
 * A closed account is never charged again (issue 27). Stripe's customer is deleted first, with
 * its saved card: should Stripe be down, the deletion fails and can be asked for again. Mercado
 * Pago debits its preapproval by itself, so its cancellation is recorded as a wish with the end of
 * the plan and sent at once; if Mercado Pago is down, the timed work (runDuePreapprovalSyncs)
 * keeps sending it until it takes it, like any other preapproval change.
 */
export const planClosing: AccountClosingStep = {
  name: 'plan',
  async close(deps, account) {
    const card = await findPlanCard(deps.db, account.id);
    if (card?.provider === 'stripe' && card.customer_id) {
      await deps.planCards.stripe.removeCustomer(card.customer_id);
    }
    const nowIso = deps.now().toISOString();
    await deps.db.transaction().execute(async (tx) => {
      if (card?.provider === 'mercadopago' && card.method_id) {
        await wantPreapproval(
          tx,
          {
            preapprovalId: card.method_id,
            userId: account.id,
            status: 'cancelled',
            amountMinor: null,
            currency: null,
          },
          nowIso,
        );
      }
      await endPlanOf(tx, account.id, nowIso);
    });
    await syncPreapprovalsNow(deps, account.id);
  },
};
