import {
  freePlanId,
  type PlanBillingViewT,
  planCardProviderFor,
  planPaymentFailedMessage,
  plans,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { createSale } from '../sales/sales.service.ts';
import {
  findBillingAccount,
  findPlanCard,
  findPlanCharge,
  insertPlanCharge,
  latestPlanCharge,
  type PlanChargeRow,
  platformSellerId,
} from './plan-billing.repository.ts';
import { findPrice } from './plans.repository.ts';
import { currentSubscription, isPendingPlan, priceCountryOf } from './plans.service.ts';

/*
 * What a professional's plan bills (ADR 015), shared by its three concerns, each in its own file:
 * card linking (plan-card-linking.service.ts), Mercado Pago's preapproval kept in step with the
 * plan (plan-preapprovals.service.ts) and the charges with their retries (plan-charges.service.ts).
 */

/**
 * The plan the card pays for: the one chosen during the trial, or chosen on the free plan and
 * waiting for its first payment (issue 34), else the current one.
 */
export function effectivePlan(sub: {
  plan_id: number;
  duration: number;
  selected_plan: number | null;
  selected_duration: number | null;
  trial_done: number;
}) {
  if (sub.selected_plan !== null && (sub.trial_done === 0 || isPendingPlan(sub))) {
    return { planId: sub.selected_plan, duration: sub.selected_duration ?? 30 };
  }
  return { planId: sub.plan_id, duration: sub.duration };
}

/** spec 002 §2 my-plan: the card, what to offer (linking, paying) and a failed charge's message. */
export async function planBillingView(deps: AppDeps, db: DB, userId: number): Promise<PlanBillingViewT> {
  const sub = await currentSubscription(deps, db, userId);
  const account = await findBillingAccount(db, userId);
  if (!account) throw new ActionError('E401');
  const card = await findPlanCard(db, userId);
  const linked = card?.state === 'linked';
  const { planId, duration } = effectivePlan(sub);
  const paid = planId !== freePlanId;
  const pending = isPendingPlan(sub);
  const charge = await latestPlanCharge(db, userId);
  const declined = charge && charge.state !== 'approved' && charge.last_error !== null;
  const cardProvider = planCardProviderFor(account.country_id);
  const realMercadoPago = cardProvider === 'mercadopago' && !deps.planCards.mercadopago.imitation;
  return {
    cardProvider,
    card: card ? { state: card.state, lastFour: card.last_four, message: card.message } : null,
    mpPublicKey: realMercadoPago ? (deps.config.payments.mercadopago?.publicKey ?? null) : null,
    linkCard: paid && duration === 30 && !linked,
    // A plan waiting for its first payment is paid on the provider's page whatever the account's
    // earlier card_added says (issue 34).
    payPlan:
      paid && duration !== 30 && !linked && (account.card_added === 0 || pending) && sub.amount_due_minor > 0,
    pendingPlan: pending,
    amountDueMinor: sub.amount_due_minor,
    dueCurrency: sub.due_currency,
    payment:
      sub.payment_blocked === 1 || declined
        ? {
            state: sub.payment_blocked === 1 || charge?.state === 'failed' ? 'failed' : 'retrying',
            message: planPaymentFailedMessage,
            nextAttemptAt: charge?.state === 'pending' ? charge.next_attempt_at : null,
          }
        : null,
  };
}

/** The monthly price the linked card pays; E40 when the plan is free or prepaid for a longer period. */
export async function monthlyPriceOf(deps: AppDeps, db: DB, userId: number) {
  const sub = await currentSubscription(deps, db, userId);
  const account = await findBillingAccount(db, userId);
  if (!account) throw new ActionError('E401');
  const { planId, duration } = effectivePlan(sub);
  if (planId === freePlanId || duration !== 30) throw new ActionError('E40');
  const price = await findPrice(db, await priceCountryOf(db, account.country_id), planId, 30);
  if (!price) throw new ActionError('E40');
  return { account, planId, price };
}

/** A plan charge is a sale of the ledger: the platform sells, the professional buys. */
export async function newPlanCharge(
  deps: AppDeps,
  tx: DB,
  userId: number,
  amount: { amountMinor: number; currency: string; planId: number },
  provider: string,
  nextAttemptAt: string | null,
): Promise<PlanChargeRow & { description: string }> {
  const nowIso = deps.now().toISOString();
  const seller = await platformSellerId(tx, nowIso);
  const plan =
    plans[
      (amount.planId === 1 || amount.planId === 2 || amount.planId === 3 ? amount.planId : 3) as 1 | 2 | 3
    ];
  const sale = await createSale(tx, {
    kind: 'plan',
    sellerId: seller,
    buyerId: userId,
    contactId: null,
    bookingId: null,
    description: `Plan ${plan.name}`,
    amountMinor: amount.amountMinor,
    discountMinor: 0,
    currency: amount.currency,
    method: 'card',
    state: 'pending',
    provider,
    couponId: null,
    now: nowIso,
  });
  const id = await insertPlanCharge(tx, {
    ref: newRef(),
    user_id: userId,
    sale_id: sale.id,
    amount_minor: amount.amountMinor,
    currency: amount.currency,
    state: 'pending',
    next_attempt_at: nextAttemptAt,
    provider,
    created_at: nowIso,
    updated_at: nowIso,
  });
  const row = await findPlanCharge(tx, id);
  if (!row) throw new Error('plan charge vanished');
  return Object.assign(row, { description: `Plan ${plan.name}` });
}
