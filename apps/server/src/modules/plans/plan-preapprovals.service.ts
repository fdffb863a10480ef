import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  claimPreapprovalSync,
  findPlanCard,
  finishPreapprovalSync,
  hasPendingCharge,
  listDuePreapprovalSyncs,
  type PreapprovalSyncRow,
  takeAmountDue,
  wantPreapproval,
} from './plan-billing.repository.ts';
import { monthlyPriceOf, newPlanCharge } from './plan-billing.service.ts';
import { currentSubscription } from './plans.service.ts';

const batch = 100;

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
export async function restoreMonthlyAmount(deps: AppDeps, userId: number, preapprovalId: string) {
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
