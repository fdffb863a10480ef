import { planCardProviderFor, plans } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { cardDeclineMessage } from '../../providers/plan-billing/card-decline-messages.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  carriedByNextDebit,
  findPlanCard,
  findPlanCardBySetup,
  latestPlanCharge,
  recordBillingEventOnce,
  savePlanCard,
  setCardAdded,
  updatePlanCard,
  updatePlanCharge,
  wantPreapproval,
} from './plan-billing.repository.ts';
import { monthlyPriceOf } from './plan-billing.service.ts';
import { syncPreapprovalsNow } from './plan-preapprovals.service.ts';

const linkedMessage = 'Tu tarjeta quedó vinculada a tu plan.';

/** A card is linked: the account counts as having one, and a plan blocked by a decline is retried now. */
async function cardLinked(deps: AppDeps, db: DB, userId: number) {
  const nowIso = deps.now().toISOString();
  await setCardAdded(db, userId, 1);
  const charge = await latestPlanCharge(db, userId);
  if (charge && charge.state === 'failed') {
    // The failed charge is tried once more with the new card (its retries start over).
    await updatePlanCharge(db, charge.id, 'failed', {
      state: 'pending',
      attempts: 0,
      next_attempt_at: nowIso,
      updated_at: nowIso,
    });
  } else if (charge && charge.state === 'pending' && charge.next_attempt_at !== null) {
    await updatePlanCharge(db, charge.id, 'pending', { next_attempt_at: nowIso, updated_at: nowIso });
  }
}

/**
 * spec 002 §7 link-plan-suscription-mp: the Mercado Pago card form's token becomes a monthly
 * preapproval for the plan's price. A refusal answers the plan-status route with its message.
 */
export async function linkMercadoPagoCard(
  deps: AppDeps,
  userId: number,
  input: { cardTokenId: string; back?: string | undefined },
): Promise<{ linked: boolean; link: string; sms: string }> {
  const { account, planId, price } = await monthlyPriceOf(deps, deps.db, userId);
  if (planCardProviderFor(account.country_id) !== 'mercadopago') throw new ActionError('E41');
  const nowIso = deps.now().toISOString();
  const replaced = await findPlanCard(deps.db, userId);
  // A proration waiting for the old card's next debit rides on the new card's first one.
  const carried = await carriedByNextDebit(deps.db, userId, nowIso);
  let answer: Awaited<ReturnType<AppDeps['planCards']['mercadopago']['subscribe']>>;
  try {
    answer = await deps.planCards.mercadopago.subscribe({
      cardToken: input.cardTokenId,
      payerEmail: account.email,
      amountMinor: price.amount_minor + carried,
      currency: price.currency,
      reason: `Agendo · ${plans[planId as 1 | 2 | 3].name}`,
      externalReference: `plan-${newRef()}`,
      backUrl: `${deps.config.publicUrl}${input.back ?? '/'}`,
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'mercadopago preapproval failed');
    throw new ActionError('E42');
  }
  if ('rejected' in answer) {
    // The provider's own words stay in the log for support; the professional reads Spanish.
    deps.log.warn(
      { userId, provider: 'mercadopago', providerMessage: answer.rejected },
      'plan card rejected',
    );
    const message = cardDeclineMessage(answer.rejected);
    await savePlanCard(deps.db, {
      user_id: userId,
      provider: 'mercadopago',
      state: 'rejected',
      message,
      created_at: nowIso,
      updated_at: nowIso,
    });
    return { linked: false, link: `plan-status/rejected/${encodeURIComponent(message)}`, sms: message };
  }
  await deps.db.transaction().execute(async (tx) => {
    await savePlanCard(tx, {
      user_id: userId,
      provider: 'mercadopago',
      state: 'linked',
      method_id: answer.preapprovalId,
      last_four: answer.lastFour,
      message: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await cardLinked(deps, tx, userId);
    // The replaced card's preapproval would go on debiting it every month: cancelled for good,
    // recorded with the new card so that Mercado Pago being down only delays it.
    if (
      replaced?.provider === 'mercadopago' &&
      replaced.method_id &&
      replaced.method_id !== answer.preapprovalId
    ) {
      await wantPreapproval(
        tx,
        { preapprovalId: replaced.method_id, userId, status: 'cancelled', amountMinor: null, currency: null },
        nowIso,
      );
    }
  });
  await syncPreapprovalsNow(deps, userId);
  return { linked: true, link: 'plan-status/success', sms: linkedMessage };
}

/** spec 002 §7 link-plan-suscription-st: a Checkout session in setup mode for the overlay frame. */
export async function startStripeCardLink(
  deps: AppDeps,
  userId: number,
  route: { country: string; lang: string },
): Promise<{ link: string; url: string }> {
  const { account, price } = await monthlyPriceOf(deps, deps.db, userId);
  if (planCardProviderFor(account.country_id) !== 'stripe') throw new ActionError('E41');
  const linkRef = newRef();
  const app = (path: string) => {
    const relative = `/${route.country}/${route.lang}/${path}`;
    return deps.planCards.stripe.imitation ? relative : `${deps.config.publicUrl}${relative}`;
  };
  let setup: { sessionId: string; customerId: string; url: string };
  try {
    setup = await deps.planCards.stripe.startSetup({
      linkRef,
      email: account.email,
      currency: price.currency,
      successUrl: app('plan-status/success'),
      cancelUrl: app('my-plan'),
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'stripe setup session failed');
    throw new ActionError('E42');
  }
  const nowIso = deps.now().toISOString();
  const current = await findPlanCard(deps.db, userId);
  // A linked card stays in use until the new one is saved: only the setup is recorded now.
  if (current?.state === 'linked') {
    await updatePlanCard(deps.db, userId, 'linked', { setup_id: setup.sessionId, updated_at: nowIso });
  } else {
    await savePlanCard(deps.db, {
      user_id: userId,
      provider: 'stripe',
      state: 'pending',
      setup_id: setup.sessionId,
      customer_id: setup.customerId,
      message: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
  }
  return { link: setup.sessionId, url: setup.url };
}

/**
 * Stripe's notification about a setup session: verified, applied once (a replay answers
 * 'replay'), and the session read back from the API (the body is only a hint).
 */
export async function applyStripeCardWebhook(
  deps: AppDeps,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<'applied' | 'replay' | 'ignored'> {
  const event = await deps.planCards.stripe.parseWebhook(rawBody, headers);
  const nowIso = deps.now().toISOString();
  if (!event.sessionId) return 'ignored';
  const card = await findPlanCardBySetup(deps.db, event.sessionId);
  if (!card) return 'ignored';
  const setup =
    event.type === 'checkout.session.completed'
      ? await deps.planCards.stripe.readSetup(event.sessionId)
      : null;
  return deps.db.transaction().execute(async (tx) => {
    if (!(await recordBillingEventOnce(tx, 'stripe', event.eventId, nowIso))) return 'replay' as const;
    if (setup?.complete && setup.paymentMethodId) {
      await savePlanCard(tx, {
        user_id: card.user_id,
        provider: 'stripe',
        state: 'linked',
        setup_id: event.sessionId,
        customer_id: setup.customerId ?? card.customer_id,
        method_id: setup.paymentMethodId,
        last_four: setup.lastFour,
        message: null,
        created_at: card.created_at,
        updated_at: nowIso,
      });
      await cardLinked(deps, tx, card.user_id);
      return 'applied' as const;
    }
    if (event.type === 'checkout.session.expired' && card.state === 'pending') {
      await updatePlanCard(tx, card.user_id, 'pending', {
        state: 'rejected',
        message: 'La vinculación de la tarjeta venció. Intenta nuevamente.',
        updated_at: nowIso,
      });
      return 'applied' as const;
    }
    return 'ignored' as const;
  });
}
