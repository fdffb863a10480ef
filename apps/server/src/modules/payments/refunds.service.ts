import { formatMoney, minorUnitsOf } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import type { AppDeps, RefundOutcome } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { render } from '../../lib/mail-templates.ts';
import { newRef } from '../../lib/random.ts';
import { notify } from '../notifications/notifications.service.ts';
import { settleSaleRefunded } from '../sales/settle-sale.service.ts';
import { providerOfPayment } from './payment-accounts.service.ts';
import {
  findApprovedPaymentOfSale,
  findPaymentById,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';
import {
  claimRefundAttempt,
  findRefund,
  findRefundNotice,
  insertRefundOnce,
  listDueRefunds,
  recordRefundError,
  settleRefund,
} from './refunds.repository.ts';

/**
 * Minutes to wait after each failed attempt before the next: six attempts over about a day
 * (issue 12 "Refunds"), after which the refund is flagged to the professional.
 */
export const refundRetryDelaysMinutes = [5, 30, 120, 360, 900] as const;
export const maxRefundAttempts = refundRetryDelaysMinutes.length + 1;
/** After the last attempt nothing is retried; a crash in it is noticed (and flagged) this much later. */
const lastAttemptLeaseMinutes = 15;
/** Refunds attempted per sweep and pass; the next pass takes the rest. */
const batch = 50;

/**
 * Records the refund owed for the approved card payment of a sale, in the caller's
 * transaction (the cancellation's), so the debt exists exactly when the cancellation does.
 * Answers the refund's id, or null when the sale has no approved card payment.
 */
export async function oweSaleRefund(deps: AppDeps, tx: DB, saleId: number): Promise<number | null> {
  const payment = await findApprovedPaymentOfSale(tx, saleId);
  return payment ? owePaymentRefund(deps, tx, payment) : null;
}

export function owePaymentRefund(deps: AppDeps, tx: DB, payment: PaymentRow): Promise<number> {
  return insertRefundOnce(tx, payment, { ref: newRef(), now: deps.now().toISOString() });
}

/**
 * One attempt at a pending refund, called after the owing transaction committed (never inside
 * it: a provider's answer must not hold a transaction). 'skipped' when it is not due, already
 * ended, or another instance claimed this attempt.
 */
export async function attemptRefund(deps: AppDeps, refundId: number): Promise<RefundOutcome> {
  const refund = await findRefund(deps.db, refundId);
  const now = deps.now();
  const nowIso = now.toISOString();
  if (refund?.state !== 'pending' || refund.next_attempt_at > nowIso) return 'skipped';
  // The last attempt was cut short (a crash): nothing more is tried.
  if (refund.attempts >= maxRefundAttempts) {
    return (await flagRefund(deps, refund.id, refund.last_error ?? 'intento interrumpido'))
      ? 'flagged'
      : 'skipped';
  }
  const attempt = refund.attempts + 1;
  const waitMinutes = refundRetryDelaysMinutes[attempt - 1] ?? lastAttemptLeaseMinutes;
  const retryAt = new Date(now.getTime() + waitMinutes * 60_000).toISOString();
  if (!(await claimRefundAttempt(deps.db, refund.id, { attempts: refund.attempts, nowIso, retryAt }))) {
    return 'skipped';
  }

  const payment = await findPaymentById(deps.db, refund.payment_id);
  try {
    if (!payment) throw new Error(`payment ${refund.payment_id} not found`);
    let providerRefundId: string | null = null;
    // A refund the provider already reported (its webhook) is not asked for again.
    if (payment.state !== 'refunded') {
      // The keys that collected it pay it back: the platform's, or the professional's own.
      const provider = await providerOfPayment(deps, payment);
      if (!provider || !payment.provider_payment_id) {
        throw new Error(`provider ${refund.provider} not configured for this payment`);
      }
      ({ refundId: providerRefundId } = await provider.refund({
        providerPaymentId: payment.provider_payment_id,
        paymentRef: payment.ref,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
        idempotencyKey: refund.ref,
      }));
    }
    const doneIso = deps.now().toISOString();
    await deps.db.transaction().execute(async (tx) => {
      if (!(await settleRefund(tx, refund.id, { state: 'done', providerRefundId, now: doneIso }))) return;
      if (payment.state !== 'refunded') {
        await updatePayment(tx, payment.id, { state: 'refunded', updated_at: doneIso });
      }
      await settleSaleRefunded(deps, tx, payment.sale_id);
    });
    return 'done';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    deps.log.warn({ err: error, refund: refund.ref, attempt }, 'refund failed; retried later');
    if (attempt >= maxRefundAttempts) {
      return (await flagRefund(deps, refund.id, message)) ? 'flagged' : 'skipped';
    }
    await recordRefundError(deps.db, refund.id, message, deps.now().toISOString());
    return 'failed';
  }
}

/**
 * Gives up on a refund: flagged, and the professional is mailed in the same transaction so
 * the notice exists exactly once, whoever flags it.
 */
async function flagRefund(deps: AppDeps, refundId: number, error: string): Promise<boolean> {
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    if (!(await settleRefund(tx, refundId, { state: 'flagged', error, now: nowIso }))) return false;
    const notice = await findRefundNotice(tx, refundId);
    if (notice) {
      await notify(deps, tx, {
        userId: notice.proId,
        kind: 'refund-flagged',
        title: `La devolución falló: ${notice.description}`,
        body: 'No pudimos devolver el pago: revísala con el medio de pago.',
        link: notice.bookingRef ? `bookings/${notice.bookingRef}` : null,
        mail: notice.proEmail ? { to: notice.proEmail, content: refundFlaggedMail(deps, notice) } : undefined,
      });
    }
    return true;
  });
}

function refundFlaggedMail(deps: AppDeps, notice: NonNullable<Awaited<ReturnType<typeof findRefundNotice>>>) {
  const amount = formatMoney(
    notice.amountMinor / minorUnitsOf(notice.currency),
    notice.currency,
    notice.proCountryId,
  );
  const when = notice.startsAt
    ? ` del ${DateTime.fromISO(notice.startsAt, { zone: notice.proTimeZone })
        .setLocale('es')
        .toFormat("d 'de' LLLL 'de' yyyy, HH:mm")}`
    : '';
  const reader = { country_id: notice.proCountryId, lang: notice.proLang };
  return render(
    'refund-flagged',
    `La devolución falló: ${notice.description}`,
    [
      `¡Hola ${notice.proFirstName}!`,
      `Se canceló «${notice.description}»${when}, pagada con tarjeta, y no pudimos devolver el pago de ${amount}: lo intentamos ${maxRefundAttempts} veces durante un día y el medio de pago no lo aceptó.`,
      'La devolución falló: revísala con el medio de pago.',
    ],
    notice.bookingRef
      ? { label: 'Ver la cita', url: appLink(deps.config, reader, `bookings/${notice.bookingRef}`) }
      : { label: 'Ir a Agendo', url: appLink(deps.config, reader, 'home') },
    'Recibes este email por un pago de tu cuenta en Agendo.',
  );
}

export interface RefundSweepResult {
  done: number;
  failed: number;
  flagged: number;
}

/**
 * The refunds' timed work: every pending refund whose next attempt is due is tried once. The
 * claim in attemptRefund keeps two instances (or two passes) from issuing the same attempt.
 */
export async function runDueRefunds(deps: AppDeps): Promise<RefundSweepResult> {
  const result: RefundSweepResult = { done: 0, failed: 0, flagged: 0 };
  for (const due of await listDueRefunds(deps.db, deps.now().toISOString(), batch)) {
    const outcome = await attemptRefund(deps, due.id);
    if (outcome !== 'skipped') result[outcome] += 1;
  }
  return result;
}
