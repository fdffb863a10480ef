import { payoutHoldingDays } from '@agendo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal } from '../../test/fake-paypal-api.ts';
import { startPayPalSale } from '../../test/payment-fixtures.ts';
import { saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runDuePayouts } from '../sales/payouts.service.ts';
import { maxRefundAttempts, refundRetryDelaysMinutes, runDueRefunds } from './refunds.service.ts';

// Issue 12 "Refunds": cancelling a card-paid appointment owes its refund in the cancellation's
// transaction; a provider that fails afterwards is retried by the timed work until it succeeds
// or the professional is told. PayPal's local imitation fails through its own HTTP (outage: 503).
const keys = { clientId: 'pp-client-r', clientSecret: 'pp-secret-r', webhookId: 'WH-ID-R' };
let fake: Awaited<ReturnType<typeof startFakePayPal>>;

beforeAll(async () => {
  fake = await startFakePayPal(keys);
});
afterAll(() => fake.close());
const t = useTestApp(() => ({
  payments: { sandboxSecret: 'x', sandboxOptIn: false, paypal: { ...keys, apiBase: fake.base } },
  outbound: { allow: [fake.base] },
}));

const minutes = (n: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + n * 60_000);
};

/** A Spanish buyer's appointment with a fresh professional, paid through PayPal and captured. */
async function paidBooking(startsAt: string) {
  const { pro, buyer, bookingRef, saleId, payment, order } = await startPayPalSale(t, startsAt, 'Laura');
  const back = new URL(fake.approve(order));
  expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(303);
  return { pro, buyer, bookingRef, order, paymentId: payment.id, saleId };
}

async function refundOf(paymentId: number) {
  return t.deps.db
    .selectFrom('payment_refunds')
    .select([
      'state',
      'attempts',
      'amount_minor as amountMinor',
      'currency',
      'next_attempt_at as nextAttemptAt',
      'last_error as lastError',
      'provider_refund_id as providerRefundId',
    ])
    .where('payment_id', '=', paymentId)
    .execute();
}

async function money(paymentId: number, saleId: number) {
  const payment = await t.deps.db
    .selectFrom('payments')
    .select('state')
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const sale = await saleRow(t, saleId);
  return { payment: payment.state, sale: sale.state };
}

/** The refund state each side reads on the appointment's panel (find-booking). */
async function panelRefundState(paid: Awaited<ReturnType<typeof paidBooking>>) {
  const pro = await t.call('find-booking', { ref: paid.bookingRef }, paid.pro.token);
  const client = await t.call('find-booking', { ref: paid.bookingRef }, paid.buyer.token);
  return { professional: pro.body.booking.refundState, client: client.body.booking.refundState };
}

/** The sale's row in its professional's sales table: its state, refund and commission (issue 34). */
async function salesRow(paid: Awaited<ReturnType<typeof paidBooking>>) {
  const table = await t.call('find-billing-all', { mode: 1 }, paid.pro.token);
  const row = table.body.rows.find((r: { bookingRef: string | null }) => r.bookingRef === paid.bookingRef);
  return {
    state: row.state,
    refundState: row.refundState,
    comisionPorc: row.comisionPorc,
    AmmountAs: row.AmmountAs,
  };
}

const refundCalls = (order: string) => {
  const captureId = fake.capture(order)?.id ?? '';
  return fake.seen.filter(
    (s) => s.method === 'POST' && s.path === `/v2/payments/captures/${captureId}/refund`,
  ).length;
};

describe('refunds of cancelled card payments', () => {
  it('cancelling refunds at once and records the refund as done', async () => {
    const paid = await paidBooking('2026-11-27T13:00:00.000Z');
    const cancelled = await t.call('cancel-booking', { ref: paid.bookingRef }, paid.buyer.token);
    expect(cancelled.body).toMatchObject({ status: '200', refunded: true });
    expect(fake.capture(paid.order)?.status).toBe('REFUNDED');
    expect(await refundOf(paid.paymentId)).toEqual([
      expect.objectContaining({
        state: 'done',
        attempts: 1,
        amountMinor: 3000,
        currency: 'USD',
        lastError: null,
        providerRefundId: expect.stringMatching(/^REF/),
      }),
    ]);
    expect(await money(paid.paymentId, paid.saleId)).toEqual({ payment: 'refunded', sale: 'refunded' });
    // Issue 34: both sides see the refund; the sale shows it refunded with no commission.
    expect(await panelRefundState(paid)).toEqual({ professional: 'done', client: 'done' });
    expect(await salesRow(paid)).toEqual({
      state: 'refunded',
      refundState: 'done',
      comisionPorc: 0,
      AmmountAs: 0,
    });
    // The cancellation mail (written with the cancellation, the refund owed) says so, not ABONADA.
    const mail = await t.lastMailTo(paid.buyer.email);
    expect(mail?.subject).toBe('Cita cancelada: Sesión de prueba');
    expect(mail?.text).toContain(
      '(DEVOLUCIÓN EN CURSO). El pago se devuelve a la tarjeta con la que se pagó',
    );
    expect(mail?.text).not.toContain('ABONADA');
    // Nothing is left for the timed work.
    minutes(60 * 24);
    expect(await runDueRefunds(t.deps)).toEqual({ done: 0, failed: 0, flagged: 0 });
    expect(refundCalls(paid.order)).toBe(1);
  });

  it('a provider failure after the cancellation is recorded and the timed work retries it until it succeeds', async () => {
    const paid = await paidBooking('2026-11-28T13:00:00.000Z');
    fake.outage(true);
    const cancelled = await t.call('cancel-booking', { ref: paid.bookingRef }, paid.buyer.token);
    fake.outage(false);
    // The cancellation stands; the refund is owed, with the provider's error and a retry time.
    expect(cancelled.body).toMatchObject({ status: '200', refunded: false });
    const booking = await t.deps.db
      .selectFrom('bookings')
      .select('state')
      .where('ref', '=', paid.bookingRef)
      .executeTakeFirstOrThrow();
    expect(booking.state).toBe('cancelled');
    const retryAt = new Date(t.clock.now.getTime() + (refundRetryDelaysMinutes[0] ?? 0) * 60_000);
    expect(await refundOf(paid.paymentId)).toEqual([
      expect.objectContaining({
        state: 'pending',
        attempts: 1,
        nextAttemptAt: retryAt.toISOString(),
        lastError: expect.stringContaining('503'),
        providerRefundId: null,
      }),
    ]);
    expect(fake.capture(paid.order)?.status).toBe('COMPLETED');
    expect(await money(paid.paymentId, paid.saleId)).toEqual({ payment: 'approved', sale: 'paid' });
    // Both panels say the refund is still being tried (issue 34: the client sees it too), and the
    // sale, still paid until the provider confirms, already carries no commission.
    expect(await panelRefundState(paid)).toEqual({ professional: 'pending', client: 'pending' });
    expect(await salesRow(paid)).toEqual({
      state: 'paid',
      refundState: 'pending',
      comisionPorc: 0,
      AmmountAs: 0,
    });

    // Not due yet: the sweep leaves it alone.
    minutes((refundRetryDelaysMinutes[0] ?? 0) - 1);
    expect(await runDueRefunds(t.deps)).toEqual({ done: 0, failed: 0, flagged: 0 });
    minutes(1);
    expect(await runDueRefunds(t.deps)).toEqual({ done: 1, failed: 0, flagged: 0 });
    expect(fake.capture(paid.order)?.status).toBe('REFUNDED');
    expect(await refundOf(paid.paymentId)).toEqual([
      expect.objectContaining({
        state: 'done',
        attempts: 2,
        providerRefundId: expect.stringMatching(/^REF/),
      }),
    ]);
    expect(await money(paid.paymentId, paid.saleId)).toEqual({ payment: 'refunded', sale: 'refunded' });
    expect(await panelRefundState(paid)).toEqual({ professional: 'done', client: 'done' });
  });

  it('after the last failed attempt (about a day) the refund is flagged and the professional is told', async () => {
    const paid = await paidBooking('2026-11-29T13:00:00.000Z');
    fake.outage(true);
    try {
      const startedAt = t.clock.now.getTime();
      await t.call('cancel-booking', { ref: paid.bookingRef }, paid.buyer.token);
      for (const wait of refundRetryDelaysMinutes.slice(0, -1)) {
        minutes(wait);
        expect(await runDueRefunds(t.deps)).toEqual({ done: 0, failed: 1, flagged: 0 });
      }
      minutes(refundRetryDelaysMinutes.at(-1) ?? 0);
      expect(await runDueRefunds(t.deps)).toEqual({ done: 0, failed: 0, flagged: 1 });
      const hours = (t.clock.now.getTime() - startedAt) / 3_600_000;
      expect(hours).toBeGreaterThan(20);
      expect(hours).toBeLessThan(30);
    } finally {
      fake.outage(false);
    }
    expect(await refundOf(paid.paymentId)).toEqual([
      expect.objectContaining({
        state: 'flagged',
        attempts: maxRefundAttempts,
        lastError: expect.stringContaining('503'),
      }),
    ]);
    expect(maxRefundAttempts).toBe(6);
    const mail = await t.lastMailTo(paid.pro.email);
    expect(mail?.subject).toBe('La devolución falló: Sesión de prueba');
    expect(mail?.text).toContain('La devolución falló: revísala con el medio de pago.');
    expect(mail?.text).toContain(`/bookings/${paid.bookingRef}`);
    expect(await panelRefundState(paid)).toEqual({ professional: 'flagged', client: 'flagged' });
    expect(await salesRow(paid)).toMatchObject({ state: 'paid', refundState: 'flagged', AmmountAs: 0 });
    // Flagged is final: the provider back up changes nothing, and the professional is told once.
    minutes(60 * 24);
    expect(await runDueRefunds(t.deps)).toEqual({ done: 0, failed: 0, flagged: 0 });
    expect(fake.capture(paid.order)?.status).toBe('COMPLETED');
    const notices = await t.deps.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', paid.pro.email)
      .where('template', '=', 'refund-flagged')
      .execute();
    expect(notices).toHaveLength(1);
    // Money owed back is never released to the professional (issue 34), even after the holding days.
    minutes(payoutHoldingDays * 24 * 60);
    await runDuePayouts(t.deps);
    expect((await saleRow(t, paid.saleId)).payout_id).toBeNull();
    minutes(-payoutHoldingDays * 24 * 60);
  });

  it('two sweepers running at once refund once', async () => {
    const paid = await paidBooking('2026-12-01T13:00:00.000Z');
    fake.outage(true);
    await t.call('cancel-booking', { ref: paid.bookingRef }, paid.buyer.token);
    fake.outage(false);
    minutes(refundRetryDelaysMinutes[0] ?? 0);
    const passes = await Promise.all([runDueRefunds(t.deps), runDueRefunds(t.deps), runDueRefunds(t.deps)]);
    expect(passes.reduce((sum, p) => sum + p.done, 0)).toBe(1);
    expect(refundCalls(paid.order)).toBe(1);
    expect(await refundOf(paid.paymentId)).toEqual([expect.objectContaining({ state: 'done', attempts: 2 })]);
  });
});
