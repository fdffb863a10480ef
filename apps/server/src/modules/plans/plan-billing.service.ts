import {
  freePlanId,
  type PlanBillingViewT,
  planCardProviderFor,
  planChargeRetryDays,
  planPaymentFailedMessage,
  plans,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps, SaleSettlement } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { WebhookRejected } from '../../providers/payments/payment-provider.ts';
import { ActionError } from '../../rpc-errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { startSalePayment } from '../payments/payments.service.ts';
import { createSale } from '../sales/sales.service.ts';
import { settleSalePaid } from '../sales/settle-sale.service.ts';
import {
  carriedByNextDebit,
  claimChargeAttempt,
  claimPreapprovalSync,
  findBillingAccount,
  findPlanCard,
  findPlanCardBySetup,
  findPlanCharge,
  findPlanChargeBySale,
  finishPreapprovalSync,
  hasPendingCharge,
  insertPlanCharge,
  latestPlanCharge,
  listDueCharges,
  listDuePreapprovalSyncs,
  listOwingWithCard,
  type PlanChargeRow,
  type PreapprovalSyncRow,
  platformSellerId,
  recordBillingEventOnce,
  savePlanCard,
  setCardAdded,
  setPaymentBlocked,
  takeAmountDue,
  updatePlanCard,
  updatePlanCharge,
  wantPreapproval,
} from './plan-billing.repository.ts';
import { findPrice, findSubscription, mirrorOnAccount } from './plans.repository.ts';
import { currentSubscription, priceCountryOf } from './plans.service.ts';

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

const linkedMessage = 'Tu tarjeta quedó vinculada a tu plan.';

/** The plan the card pays for: the one chosen during the trial, else the current one. */
function effectivePlan(sub: {
  plan_id: number;
  duration: number;
  selected_plan: number | null;
  selected_duration: number | null;
  trial_done: number;
}) {
  if (sub.trial_done === 0 && sub.selected_plan !== null) {
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
  const charge = await latestPlanCharge(db, userId);
  const declined = charge && charge.state !== 'approved' && charge.last_error !== null;
  const cardProvider = planCardProviderFor(account.country_id);
  const realMercadoPago = cardProvider === 'mercadopago' && !deps.planCards.mercadopago.imitation;
  return {
    cardProvider,
    card: card ? { state: card.state, lastFour: card.last_four, message: card.message } : null,
    mpPublicKey: realMercadoPago ? (deps.config.payments.mercadopago?.publicKey ?? null) : null,
    linkCard: paid && duration === 30 && !linked,
    payPlan: paid && duration !== 30 && !linked && account.card_added === 0 && sub.amount_due_minor > 0,
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

async function monthlyPriceOf(deps: AppDeps, db: DB, userId: number) {
  const sub = await currentSubscription(deps, db, userId);
  const account = await findBillingAccount(db, userId);
  if (!account) throw new ActionError('E401');
  const { planId, duration } = effectivePlan(sub);
  if (planId === freePlanId || duration !== 30) throw new ActionError('E40');
  const price = await findPrice(db, await priceCountryOf(db, account.country_id), planId, 30);
  if (!price) throw new ActionError('E40');
  return { account, planId, price };
}

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
    await savePlanCard(deps.db, {
      user_id: userId,
      provider: 'mercadopago',
      state: 'rejected',
      message: answer.rejected,
      created_at: nowIso,
      updated_at: nowIso,
    });
    return {
      linked: false,
      link: `plan-status/rejected/${encodeURIComponent(answer.rejected)}`,
      sms: answer.rejected,
    };
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

/**
 * After a change of plan (ADR 015), inside its transaction: Mercado Pago charges the preapproval
 * itself, so what it should be is recorded with the change and applied by syncPreapprovalsNow
 * right after (and by runDuePreapprovalSyncs until Mercado Pago takes it). On the free plan or a
 * prepaid period it is paused; on a monthly paid plan it debits the new monthly price, and a
 * proration owed for the period's days left rides on its next debit: the preapproval debits
 * price + proration once, our charge of the proration (a sale of the ledger) is read back from
 * that debit at the period's end, and the amount returns to the monthly price once it is paid
 * (attemptCharge). `prorationMinor` is only a proration of the period under way: a new period's
 * whole price (a monthly plan chosen on the free plan) is left owed and read back from the
 * resumed preapproval's own first debit like a renewal, never added to it (that debited the month
 * twice). Stripe's cards are charged by our own timed work and need nothing here.
 */
export async function preapprovalAfterPlanChange(
  deps: AppDeps,
  tx: DB,
  userId: number,
  prorationMinor: number,
): Promise<void> {
  const card = await findPlanCard(tx, userId);
  if (card?.state !== 'linked' || card.provider !== 'mercadopago' || !card.method_id) return;
  const nowIso = deps.now().toISOString();
  const preapprovalId = card.method_id;
  let monthly: Awaited<ReturnType<typeof monthlyPriceOf>>;
  try {
    monthly = await monthlyPriceOf(deps, tx, userId);
  } catch (error) {
    if (!(error instanceof ActionError)) throw error;
    // The free plan or a prepaid period: Mercado Pago must not go on debiting the card on its
    // own, so the preapproval is paused (a later monthly paid plan resumes it with its price).
    await wantPreapproval(
      tx,
      { preapprovalId, userId, status: 'paused', amountMinor: null, currency: null },
      nowIso,
    );
    return;
  }
  const sub = await currentSubscription(deps, tx, userId);
  // Carried only when the proration is all that is owed (an unpaid renewal is charged as it is).
  const carried =
    prorationMinor > 0 && sub.amount_due_minor === prorationMinor && sub.trial_done === 1
      ? prorationMinor
      : 0;
  const taken = carried > 0 && (await takeAmountDue(tx, userId, carried, nowIso));
  await wantPreapproval(
    tx,
    {
      preapprovalId,
      userId,
      status: 'authorized',
      amountMinor: monthly.price.amount_minor + (taken ? carried : 0),
      currency: monthly.price.currency,
    },
    nowIso,
  );
  if (!taken) return;
  // Read back when the preapproval debits next: the end of the current period.
  await newPlanCharge(
    deps,
    tx,
    userId,
    { amountMinor: carried, currency: monthly.price.currency, planId: monthly.planId },
    'mercadopago',
    sub.period_end,
  );
}

/** A paid debit of the preapproval: what it debits next is the plan's monthly price again. */
async function restoreMonthlyAmount(deps: AppDeps, userId: number, preapprovalId: string) {
  if (await hasPendingCharge(deps.db, userId)) return;
  let monthly: Awaited<ReturnType<typeof monthlyPriceOf>>;
  try {
    monthly = await monthlyPriceOf(deps, deps.db, userId);
  } catch (error) {
    // No monthly plan any more: its change already asked for the pause.
    if (error instanceof ActionError) return;
    throw error;
  }
  await wantPreapproval(
    deps.db,
    {
      preapprovalId,
      userId,
      status: 'authorized',
      amountMinor: monthly.price.amount_minor,
      currency: monthly.price.currency,
    },
    deps.now().toISOString(),
  );
  await syncPreapprovalsNow(deps, userId);
}

/** An attempt in progress keeps its wish for this long; a crashed one is taken again after it. */
const syncLeaseMs = 2 * 60_000;
/**
 * Minutes before the next attempt after the 1st, 2nd, … failure; the last gap repeats. From the
 * last one on each failure is logged as an error: the wish stays pending with its last error and
 * is retried every 6 hours, never dropped (the card may be debited meanwhile).
 */
export const preapprovalRetryMinutes = [1, 5, 30, 120, 360] as const;

type SyncOutcome = 'done' | 'retry' | 'failed' | 'skipped';

/** Whether Mercado Pago already has the preapproval as we want it (a pause of a paused one). */
function alreadyApplied(
  sync: PreapprovalSyncRow,
  actual: { status: string; amountMinor: number; currency: string },
): boolean {
  if (sync.status === 'authorized') {
    return (
      actual.status === 'authorized' &&
      actual.amountMinor === sync.amount_minor &&
      actual.currency === sync.currency
    );
  }
  // A cancelled preapproval never debits again: as good as paused.
  return actual.status === sync.status || actual.status === 'cancelled';
}

/** One attempt of one wish, by the instance whose claim wins. */
async function attemptPreapprovalSync(deps: AppDeps, sync: PreapprovalSyncRow): Promise<SyncOutcome> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const lease = new Date(now.getTime() + syncLeaseMs).toISOString();
  if (!(await claimPreapprovalSync(deps.db, sync, nowIso, lease))) return 'skipped';
  const mp = deps.planCards.mercadopago;
  const id = sync.preapproval_id;
  let failure: unknown;
  try {
    if (sync.status === 'authorized') {
      await mp.updateAmount(id, sync.amount_minor ?? 0, sync.currency ?? '');
    } else {
      await mp.stop(id, sync.status);
    }
  } catch (error) {
    failure = error;
  }
  if (failure !== undefined) {
    // Mercado Pago refuses some repeats (cancelling a cancelled preapproval): what it holds now
    // decides whether the wish is met after all.
    const actual = await mp.readPreapproval(id).catch(() => null);
    if (!actual || !alreadyApplied(sync, actual)) {
      if (actual?.status === 'cancelled') {
        // Nothing resumes a cancelled preapproval; it debits nothing, and a card must be linked
        // again to pay the plan.
        deps.log.error(
          { userId: sync.user_id, preapprovalId: id, wanted: sync.status },
          'mercadopago preapproval is cancelled and cannot take the wanted state',
        );
        await finishPreapprovalSync(
          deps.db,
          sync,
          { state: 'failed', next_attempt_at: null, last_error: 'cancelled at mercadopago' },
          nowIso,
        );
        return 'failed';
      }
      const attempts = sync.attempts + 1;
      const gaps = preapprovalRetryMinutes;
      const minutes = gaps[Math.min(attempts, gaps.length) - 1] ?? gaps[4];
      const context = {
        err: failure,
        userId: sync.user_id,
        preapprovalId: id,
        wanted: sync.status,
        attempts,
      };
      if (attempts >= gaps.length) {
        deps.log.error(context, 'mercadopago preapproval still not in step: the card may be debited');
      } else {
        deps.log.warn(context, 'mercadopago preapproval not in step yet; retried');
      }
      await finishPreapprovalSync(
        deps.db,
        sync,
        {
          attempts,
          next_attempt_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
          last_error: String((failure as Error)?.message ?? failure).slice(0, 300),
        },
        nowIso,
      );
      return 'retry';
    }
  }
  await finishPreapprovalSync(
    deps.db,
    sync,
    { state: 'done', next_attempt_at: null, last_error: null },
    nowIso,
  );
  return 'done';
}

/**
 * The first attempt of a professional's wishes, right after the change that recorded them, so
 * that the normal path is as immediate as before; a failure is left to runDuePreapprovalSyncs.
 */
export async function syncPreapprovalsNow(deps: AppDeps, userId: number): Promise<void> {
  const nowIso = deps.now().toISOString();
  for (const sync of await listDuePreapprovalSyncs(deps.db, nowIso, batch, userId)) {
    await attemptPreapprovalSync(deps, sync);
  }
}

/**
 * Timed work (ADR 015): the preapprovals Mercado Pago has not taken yet are asked again, each by
 * one instance (claimed with a lease), with growing gaps between attempts.
 */
export async function runDuePreapprovalSyncs(
  deps: AppDeps,
): Promise<{ done: number; retry: number; failed: number }> {
  const counts = { done: 0, retry: 0, failed: 0 };
  for (const sync of await listDuePreapprovalSyncs(deps.db, deps.now().toISOString(), batch)) {
    const outcome = await attemptPreapprovalSync(deps, sync);
    if (outcome !== 'skipped') counts[outcome] += 1;
  }
  return counts;
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

export { WebhookRejected };

/** A plan charge is a sale of the ledger: the platform sells, the professional buys. */
async function newPlanCharge(
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
        { amountMinor: owing.amount_due_minor, currency: owing.due_currency ?? 'USD', planId: owing.plan_id },
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
