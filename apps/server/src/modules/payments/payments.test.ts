import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignatureHeader, signSandboxPayload } from '../../providers/payments/sandbox-provider.ts';
import { makePublication, makeUser, startCardPayment } from '../../test/booking-fixtures.ts';
import { paymentRow } from '../../test/payment-fixtures.ts';
import { saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Webhooks of the sandbox provider go through the same verification a real provider's would:
// HMAC-SHA256 over "timestamp.body", a 5-minute replay window, and idempotency by event id.
let payment: { ref: string; providerPaymentId: string; bookingRef: string; saleId: number };

const t = useTestApp();
beforeAll(async () => {
  const started = await startCardPayment(t);
  const row = await paymentRow(t, started.paymentRef);
  payment = {
    ref: row.ref,
    providerPaymentId: row.provider_payment_id as string,
    bookingRef: started.bookingRef,
    saleId: row.sale_id,
  };
});

function event(id: string, type = 'payment.approved') {
  return JSON.stringify({
    id,
    type,
    data: { paymentId: payment.providerPaymentId, paymentRef: payment.ref },
  });
}

async function post(raw: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/payments/dlocal',
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
    payload: raw,
  });
}

const nowSeconds = () => Math.floor(t.clock.now.getTime() / 1000);
const secret = () => t.config.payments.sandboxSecret;

async function state() {
  const [p, s, b] = await Promise.all([
    t.deps.db.selectFrom('payments').select('state').where('ref', '=', payment.ref).executeTakeFirstOrThrow(),
    t.deps.db
      .selectFrom('sales')
      .select(['state', 'paid_at'])
      .where('id', '=', payment.saleId)
      .executeTakeFirstOrThrow(),
    t.deps.db
      .selectFrom('bookings')
      .select(['state', 'pay'])
      .where('ref', '=', payment.bookingRef)
      .executeTakeFirstOrThrow(),
  ]);
  return { payment: p.state, sale: s.state, paidAt: s.paid_at, booking: b.state, pay: b.pay };
}

describe('payment webhooks', () => {
  it('refuses a bad signature and changes nothing', async () => {
    const raw = event('evt_bad_signature');
    const forged = signSandboxPayload('not-the-secret', raw, nowSeconds());
    const res = await post(raw, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'signature' });
    const tampered = await post(
      raw.replace('approved', 'refunded'),
      signSandboxPayload(secret(), raw, nowSeconds()),
    );
    expect(tampered.statusCode).toBe(400);
    expect(await state()).toMatchObject({ payment: 'created', sale: 'pending', booking: 'held', pay: 0 });
  });

  it('refuses a correctly signed event older than the replay window', async () => {
    const raw = event('evt_old');
    const res = await post(raw, signSandboxPayload(secret(), raw, nowSeconds() - 301));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'timestamp' });
    expect(await state()).toMatchObject({ payment: 'created', sale: 'pending', booking: 'held' });
  });

  it('applies a valid event once; a replay of the same event changes nothing', async () => {
    const raw = event('evt_once');
    const first = await post(raw, signSandboxPayload(secret(), raw, nowSeconds()));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: 'applied' });
    const after = await state();
    expect(after).toMatchObject({ payment: 'approved', sale: 'paid', booking: 'confirmed', pay: 1 });

    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const replay = await post(raw, signSandboxPayload(secret(), raw, nowSeconds()));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ result: 'replay' });
    expect(await state()).toEqual(after);
    const events = await t.deps.db
      .selectFrom('payment_events')
      .select('id')
      .where('event_id', '=', 'evt_once')
      .execute();
    expect(events).toHaveLength(1);
    const mails = await t.deps.db.selectFrom('mail_outbox').select('id').execute();
    const bookedMails = mails.length;
    // A different event with the same outcome does not pay twice either.
    const again = event('evt_second_approval');
    await post(again, signSandboxPayload(secret(), again, nowSeconds()));
    expect(await state()).toEqual(after);
    expect((await t.deps.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(bookedMails);
  });

  it('refunds instead of double-booking when the hold expired and the slot was taken meanwhile', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, { price: 300000 });
    const slow = await makeUser(t);
    const fast = await makeUser(t);
    const startsAt = '2026-11-25T13:00:00.000Z';
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, slow.token);
    const started = await t.call('start-payment', { ref: held.body.booking.tempBookId }, slow.token);
    const row = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('ref', '=', started.body.paymentRef)
      .executeTakeFirstOrThrow();
    // The checkout hold (30 min) runs out; somebody else books the slot.
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 60_000);
    const other = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, fast.token);
    expect(other.statusCode).toBe(200);
    const raw = JSON.stringify({
      id: 'evt_late',
      type: 'payment.approved',
      data: { paymentId: row.provider_payment_id, paymentRef: row.ref },
    });
    const res = await post(raw, signSandboxPayload(secret(), raw, nowSeconds()));
    expect(res.statusCode).toBe(200);
    const late = await t.deps.db
      .selectFrom('bookings')
      .select(['state', 'cancel_reason', 'pay'])
      .where('ref', '=', held.body.booking.tempBookId)
      .executeTakeFirstOrThrow();
    expect(late).toMatchObject({ state: 'cancelled', cancel_reason: 'expired', pay: 0 });
    const found = await t.call('find-payment', { ref: row.ref }, slow.token);
    expect(found.body).toMatchObject({ state: 'refunded', route: 'refound' });
    const sale = await saleRow(t, row.sale_id);
    expect(sale.state).toBe('refunded');
  });

  it('does not know providers it does not serve', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payments/bitcoin',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
