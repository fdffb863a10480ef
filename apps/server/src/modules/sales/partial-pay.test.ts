import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxSignatureHeader, signSandboxPayload } from '../../providers/payments/sandbox-provider.ts';
import { startCardPayment } from '../../test/booking-fixtures.ts';
import { saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Issue 14: an appointment half paid from the balance and then settled another way (marked paid,
// paid by card) ends paid with approved payments adding up to exactly its price.
let start: Date;

const t = useTestApp();
beforeAll(async () => {
  start = t.clock.now;
});
afterEach(() => {
  t.clock.now = start;
  vi.restoreAllMocks();
});

const price = 800_000;

/** A confirmed, unpaid appointment that has started, half paid by transfer from the balance. */
async function halfPaidAppointment() {
  const started = await startCardPayment(t, '2026-11-24T13:00:00.000Z');
  await t.deps.db
    .updateTable('bookings')
    .set({ state: 'confirmed' })
    .where('ref', '=', started.bookingRef)
    .execute();
  t.clock.now = new Date('2026-11-24T14:00:00Z');
  const paid = await t.call(
    'save-balance-payment',
    { balanceOfUser: started.client.ref, currency: 'ARS', amount: price / 2, method: 'transfer' },
    started.pro.token,
  );
  expect(paid.statusCode).toBe(200);
  const { sale_id } = await t.deps.db
    .selectFrom('bookings')
    .select('sale_id')
    .where('ref', '=', started.bookingRef)
    .executeTakeFirstOrThrow();
  return { ...started, saleId: sale_id as number };
}

async function sale(saleId: number) {
  const row = await saleRow(t, saleId);
  const approved = await t.deps.db
    .selectFrom('payments')
    .select('amount_minor')
    .where('sale_id', '=', saleId)
    .where('state', '=', 'approved')
    .execute();
  return { state: row.state, approved: approved.map((p) => p.amount_minor).sort((a, b) => a - b) };
}

describe('settling a partly paid appointment', () => {
  it('marking it paid records only the remainder', async () => {
    const { pro, bookingRef, saleId } = await halfPaidAppointment();
    expect(await sale(saleId)).toEqual({ state: 'pending', approved: [price / 2] });
    const marked = await t.call('mark-pay-booking', { ref: bookingRef }, pro.token);
    expect(marked.statusCode).toBe(200);
    expect(await sale(saleId)).toEqual({ state: 'paid', approved: [price / 2, price / 2] });
  });

  it('a card checkout asks the provider for the remainder and the sale ends paid at its price', async () => {
    const { client, bookingRef, saleId } = await halfPaidAppointment();
    const asked: number[] = [];
    for (const provider of Object.values(t.deps.payments)) {
      const original = provider.createCheckout.bind(provider);
      vi.spyOn(provider, 'createCheckout').mockImplementation((req) => {
        asked.push(req.amountMinor);
        return original(req);
      });
    }
    const started = await t.call('start-payment', { ref: bookingRef }, client.token);
    expect(started.statusCode).toBe(200);
    vi.restoreAllMocks();
    expect(asked).toEqual([price / 2]);
    const payment = await t.deps.db
      .selectFrom('payments')
      .select(['provider_payment_id', 'amount_minor'])
      .where('ref', '=', started.body.paymentRef)
      .executeTakeFirstOrThrow();
    expect(payment.amount_minor).toBe(price / 2);
    const raw = JSON.stringify({
      id: 'evt-partial-1',
      type: 'payment.approved',
      data: { paymentId: payment.provider_payment_id, paymentRef: started.body.paymentRef },
    });
    const signature = signSandboxPayload(
      t.config.payments.sandboxSecret,
      raw,
      Math.floor(t.clock.now.getTime() / 1000),
    );
    const hook = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/${started.body.provider}`,
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
      payload: raw,
    });
    expect(hook.statusCode).toBe(200);
    expect(await sale(saleId)).toEqual({ state: 'paid', approved: [price / 2, price / 2] });
  });
});

// Issue 34 "the same debt, two amounts": the professional's debt column and the client's balance
// read the same rule (contract owedOnSale), so a half paid session owes the same on both sides.
describe('what a partly paid appointment owes', () => {
  it('is the same in the professional’s sales table and in the client’s balances', async () => {
    const { pro, client, bookingRef } = await halfPaidAppointment();
    const table = await t.call('find-billing-all', { mode: 1 }, pro.token);
    expect(table.statusCode).toBe(200);
    const row = table.body.rows.find((r: { bookingRef: string | null }) => r.bookingRef === bookingRef);
    expect(row).toMatchObject({ netPrice: price, PendingPay: price / 2 });

    const balances = await t.call('find-client-balances', {}, client.token);
    expect(balances.statusCode).toBe(200);
    expect(balances.body.professionals).toEqual([
      expect.objectContaining({ balances: [{ saldo: 0, ammount: price / 2, currency: 'ARS' }] }),
    ]);
    const wallets = await t.call('find-wallets', { balanceOfUser: pro.ref, mode: 2 }, client.token);
    expect(wallets.body.wallets).toEqual([expect.objectContaining({ price, ammount: price / 2 })]);

    // Sorting by debt orders by what is owed, not by the full price.
    const byDebt = await t.call('find-billing-all', { mode: 1, sort: 'PendingPay', dir: 'desc' }, pro.token);
    expect(byDebt.body.rows[0]).toMatchObject({ bookingRef, PendingPay: price / 2 });
  });
});
