import { planChargeRetryDays, planPaymentFailedMessage } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps, SaleSettlement } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { startSalePayment } from '../payments/payments.service.ts';
import { settleSalePaid } from '../sales/settle-sale.service.ts';
import {
  claimChargeAttempt,
  findBillingAccount,
  findPlanCard,
  findPlanChargeBySale,
  listDueCharges,
  listOwingWithCard,
  type PlanChargeRow,
  setCardAdded,
  setPaymentBlocked,
  takeAmountDue,
  updatePlanCharge,
} from './plan-billing.repository.ts';
import { effectivePlan, newPlanCharge, planBillingView } from './plan-billing.service.ts';
import { restoreMonthlyAmount } from './plan-preapprovals.service.ts';
import { findSubscription, mirrorOnAccount } from './plans.repository.ts';
import { currentSubscription, startPendingPlan } from './plans.service.ts';

const dayMs = 86_400_000;
/** An attempt in progress keeps the charge for this long; a crashed one is retried after it. */
const attemptLeaseMs = 10 * 60_000;
/** A provider that could not be reached (not a decline) is asked again this much later. */
const unreachableRetryMs = 60 * 60_000;
const batch = 100;
/**
 * How long a Mercado Pago charge waits for the preapproval's own debit before a missing one counts
 * as a failed attempt: its monthly date comes within a calendar month, plus a few days' margin.
 */
const debitDateWaitMs = 35 * dayMs;

/** The charge is paid: its sale too, and a plan blocked by an earlier decline is usable again. */
async function chargePaid(deps: AppDeps, tx: DB, charge: PlanChargeRow, providerChargeId: string | null) {
  const nowIso = deps.now().toISOString();
  const won = await updatePlanCharge(tx, charge.id, 'pending', {
    state: 'approved',
    provider_charge_id: providerChargeId,
    next_attempt_at: null,
    last_error: null,
    updated_at: nowIso,
  });
  if (!won) return;
  await settleSalePaid(deps, tx, charge.sale_id, { method: 'card', provider: charge.provider });
  await unblock(deps, tx, charge.user_id);
  await startPendingPlan(deps, tx, charge.user_id);
}

async function unblock(deps: AppDeps, tx: DB, userId: number) {
  const sub = await findSubscription(tx, userId);
  if (!sub || sub.payment_blocked === 0) return;
  await setPaymentBlocked(tx, userId, 0, deps.now().toISOString());
  await mirrorOnAccount(tx, userId, { planId: sub.plan_id, blockUse: sub.block_use });
}

/**
 * The sale settlement of kind 'plan': a plan paid on the provider's page (pay-plan) or a charge
 * settled by a webhook. A prepaid semiannual or annual plan counts as having its card (spec 000
 * §4 reads only card_added to hide the slots of a paid plan without one).
 */
export const planSettlement: SaleSettlement = {
  async paid(deps, db, sale) {
    const charge = await findPlanChargeBySale(db, sale.id);
    if (charge?.state === 'pending') {
      const nowIso = deps.now().toISOString();
      await updatePlanCharge(db, charge.id, 'pending', {
        state: 'approved',
        next_attempt_at: null,
        updated_at: nowIso,
      });
      await setCardAdded(db, charge.user_id, 1);
      await unblock(deps, db, charge.user_id);
      await startPendingPlan(deps, db, charge.user_id);
    }
    return 'settled';
  },
  async refunded() {},
};

/** The pay-plan button: what a semiannual or annual plan without a card owes, on the provider's page. */
export async function startPlanPayment(
  deps: AppDeps,
  userId: number,
  route: { country: string; lang: string },
) {
  const view = await planBillingView(deps, deps.db, userId);
  if (!view.payPlan || view.dueCurrency === null) throw new ActionError('E50');
  const sub = await currentSubscription(deps, deps.db, userId);
  const nowIso = deps.now().toISOString();
  const provider = view.cardProvider;
  const charge = await deps.db.transaction().execute(async (tx) => {
    if (!(await takeAmountDue(tx, userId, sub.amount_due_minor, nowIso))) throw new ActionError('E50');
    return newPlanCharge(
      deps,
      tx,
      userId,
      {
        amountMinor: sub.amount_due_minor,
        currency: view.dueCurrency ?? 'USD',
        planId: effectivePlan(sub).planId,
      },
      provider,
      null,
    );
  });
  return startSalePayment(deps, {
    saleId: charge.sale_id,
    payerId: userId,
    amountMinor: charge.amount_minor,
    currency: charge.currency,
    provider,
    description: charge.description,
    returnPath: () => `/${route.country}/${route.lang}/plan-status/success/pago`,
  });
}

/**
 * The plans' charges (ADR 015), timed work claimed from the database like the refund retries:
 * 1. what a renewal or a change left owed, for a professional with a linked card, becomes a
 *    charge (the amount is taken from the subscription by a conditional update: once);
 * 2. each due charge is attempted by one instance (claimed by its attempt count). A decline is
 *    retried after planChargeRetryDays; after the last one the charge fails and the plan is
 *    blocked (blockUse) with the spec's message and a notification, never silently.
 */
export async function runDuePlanCharges(
  deps: AppDeps,
): Promise<{ created: number; paid: number; failed: number }> {
  const nowIso = deps.now().toISOString();
  let created = 0;
  let paid = 0;
  let failed = 0;
  for (const owing of await listOwingWithCard(deps.db, batch)) {
    const card = await findPlanCard(deps.db, owing.user_id);
    if (card?.state !== 'linked') continue;
    const made = await deps.db.transaction().execute(async (tx) => {
      if (!(await takeAmountDue(tx, owing.user_id, owing.amount_due_minor, nowIso))) return false;
      await newPlanCharge(
        deps,
        tx,
        owing.user_id,
        {
          amountMinor: owing.amount_due_minor,
          currency: owing.due_currency ?? 'USD',
          // A plan waiting for its first payment is the one charged (issue 34).
          planId: owing.selected_plan ?? owing.plan_id,
        },
        card.provider,
        nowIso,
      );
      return true;
    });
    if (made) created += 1;
  }
  for (const charge of await listDueCharges(deps.db, nowIso, batch)) {
    const outcome = await attemptCharge(deps, charge);
    if (outcome === 'paid') paid += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { created, paid, failed };
}

async function attemptCharge(
  deps: AppDeps,
  charge: PlanChargeRow,
): Promise<'paid' | 'retry' | 'failed' | 'skipped'> {
  const now = deps.now();
  const nowIso = now.toISOString();
  if (!(await claimChargeAttempt(deps.db, charge, new Date(now.getTime() + attemptLeaseMs).toISOString()))) {
    return 'skipped';
  }
  const attempt = charge.attempts + 1;
  const card = await findPlanCard(deps.db, charge.user_id);
  let outcome: Awaited<ReturnType<AppDeps['planCards']['stripe']['charge']>>;
  try {
    if (card?.state !== 'linked' || !card.method_id) {
      outcome = { kind: 'declined', providerChargeId: null, message: 'no linked card' };
    } else if (card.provider === 'stripe') {
      outcome = await deps.planCards.stripe.charge({
        customerId: card.customer_id ?? '',
        paymentMethodId: card.method_id,
        amountMinor: charge.amount_minor,
        currency: charge.currency,
        chargeRef: charge.ref,
        description: `Agendo · plan ${charge.ref}`,
        // One key per attempt and card: a retry after a decline (or with a new card after the
        // block) is a new payment intent; a lost answer of the same attempt is not.
        idempotencyKey: `plan-charge-${charge.ref}-${attempt}-${card.method_id}`,
      });
    } else {
      outcome = await deps.planCards.mercadopago.chargeOf(
        card.method_id,
        new Date(Date.parse(charge.created_at) - dayMs).toISOString(),
      );
    }
  } catch (error) {
    // Not the card's answer (the provider was unreachable): asked again soon, never blocking.
    deps.log.warn({ err: error, charge: charge.ref }, 'plan charge could not reach the provider');
    await updatePlanCharge(deps.db, charge.id, 'pending', {
      attempts: charge.attempts,
      next_attempt_at: new Date(now.getTime() + unreachableRetryMs).toISOString(),
      last_error: String((error as Error)?.message ?? error).slice(0, 300),
      updated_at: nowIso,
    });
    return 'retry';
  }
  if (outcome.kind === 'approved') {
    const { providerChargeId } = outcome;
    await deps.db.transaction().execute((tx) => chargePaid(deps, tx, charge, providerChargeId));
    if (card?.provider === 'mercadopago' && card.method_id) {
      await restoreMonthlyAmount(deps, charge.user_id, card.method_id);
    }
    return 'paid';
  }
  if (outcome.kind === 'pending' && now.getTime() - Date.parse(charge.created_at) < debitDateWaitMs) {
    // Mercado Pago debits on its own monthly date, which need not be our period's first day (a
    // monthly plan chosen soon after leaving one): nothing was declined, so no attempt is spent and
    // nothing is shown; it is looked for again each day until that date has surely passed.
    await updatePlanCharge(deps.db, charge.id, 'pending', {
      attempts: charge.attempts,
      next_attempt_at: new Date(now.getTime() + dayMs).toISOString(),
      last_error: null,
      updated_at: nowIso,
    });
    return 'retry';
  }
  const message = outcome.kind === 'declined' ? outcome.message : 'mercadopago: not charged yet';
  const retryDays = planChargeRetryDays[attempt - 1];
  if (retryDays !== undefined) {
    await updatePlanCharge(deps.db, charge.id, 'pending', {
      next_attempt_at: new Date(now.getTime() + retryDays * dayMs).toISOString(),
      last_error: message.slice(0, 300),
      updated_at: nowIso,
    });
    return 'retry';
  }
  await deps.db.transaction().execute(async (tx) => {
    const won = await updatePlanCharge(tx, charge.id, 'pending', {
      state: 'failed',
      next_attempt_at: null,
      last_error: message.slice(0, 300),
      updated_at: nowIso,
    });
    if (!won) return;
    await setPaymentBlocked(tx, charge.user_id, 1, nowIso);
    const sub = await findSubscription(tx, charge.user_id);
    if (sub) await mirrorOnAccount(tx, charge.user_id, { planId: sub.plan_id, blockUse: sub.block_use });
    const account = await findBillingAccount(tx, charge.user_id);
    await notify(deps, tx, {
      userId: charge.user_id,
      kind: 'plan-payment-failed',
      title: 'No pudimos cobrar tu plan',
      body: `${planPaymentFailedMessage} Tus servicios no muestran horarios hasta que el pago se realice.`,
      link: 'my-plan',
      mail: account
        ? {
            to: account.email,
            content: {
              template: 'plan-payment-failed',
              subject: 'No pudimos cobrar tu plan',
              text: `${planPaymentFailedMessage}\n\nTus servicios no muestran horarios hasta que el pago se realice. Vincula otra tarjeta en Mi plan.`,
              html: `<p>${planPaymentFailedMessage}</p><p>Tus servicios no muestran horarios hasta que el pago se realice. Vincula otra tarjeta en Mi plan.</p>`,
            },
          }
        : undefined,
    });
  });
  return 'failed';
}
