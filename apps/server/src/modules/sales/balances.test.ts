import { describe, expect, it } from 'vitest';
import { newRef } from '../../lib/random.ts';
import { makeUser, startCardPayment } from '../../test/booking-fixtures.ts';
import { debtOf, saleRow, sellerAndClient } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { insertRecordedPayment } from './sales.repository.ts';
import { voidSale } from './sales.service.ts';

// Issue 14 balances: spec 002 §3 Balance rows, §4 panel rule, §7 find-balances, find-wallets,
// save-auto-payments; a partial payment reduces the debt and never exceeds it.

const t = useTestApp();

const pair = () => sellerAndClient(t);

const balances = (token: string, balanceOfUser: string) =>
  t.call(
    'find-balances',
    { mode: 2, showAll: false, balanceOfUser, timezone: 'America/Argentina/Buenos_Aires' },
    token,
  );

const pay = (token: string, balanceOfUser: string, amount: number, currency = 'ARS') =>
  t.call('save-balance-payment', { balanceOfUser, currency, amount, method: 'transfer' }, token);

async function saleState(id: number) {
  return (await saleRow(t, id)).state;
}

describe('find-balances', () => {
  it('answers one row per currency with what is owed, the same from either side', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 10_000);
    await debtOf(t, pro, client, 5_000);
    await debtOf(t, pro, client, 2_000, { currency: 'USD' });
    const asClient = await balances(client.token, pro.ref);
    expect(asClient.statusCode).toBe(200);
    expect(asClient.body.balances).toEqual([
      { saldo: 0, ammount: 15_000, currency: 'ARS' },
      { saldo: 0, ammount: 2_000, currency: 'USD' },
    ]);
    expect((await balances(pro.token, client.ref)).body.balances).toEqual(asClient.body.balances);
  });

  it('an unpaid appointment is a debt only once it has started, and a held cart never', async () => {
    const { pro, client, bookingRef } = await startCardPayment(t, '2026-11-24T13:00:00.000Z');
    expect((await balances(client.token, pro.ref)).body.balances).toEqual([]);
    await t.deps.db
      .updateTable('bookings')
      .set({ state: 'confirmed' })
      .where('ref', '=', bookingRef)
      .execute();
    expect((await balances(client.token, pro.ref)).body.balances).toEqual([]);
    const before = t.clock.now;
    t.clock.now = new Date('2026-11-24T14:00:00Z');
    try {
      expect((await balances(client.token, pro.ref)).body.balances).toEqual([
        { saldo: 0, ammount: 800_000, currency: 'ARS' },
      ]);
      // Paying it in full settles the appointment too.
      expect((await pay(pro.token, client.ref, 800_000)).body.balances).toEqual([]);
      const booking = await t.deps.db
        .selectFrom('bookings')
        .select('pay')
        .where('ref', '=', bookingRef)
        .executeTakeFirstOrThrow();
      expect(booking.pay).toBe(1);
    } finally {
      t.clock.now = before;
    }
  });
});

describe('save-balance-payment', () => {
  it('a partial payment reduces the debt, oldest sale first, and settles a sale it covers', async () => {
    const { pro, client } = await pair();
    const older = await debtOf(t, pro, client, 10_000, { at: '2026-11-01T10:00:00.000Z' });
    const newer = await debtOf(t, pro, client, 6_000, { at: '2026-11-10T10:00:00.000Z' });
    const first = await pay(pro.token, client.ref, 4_000);
    expect(first.statusCode).toBe(200);
    expect(first.body.balances).toEqual([{ saldo: 0, ammount: 12_000, currency: 'ARS' }]);
    expect(await saleState(older.id)).toBe('pending');
    const second = await pay(pro.token, client.ref, 7_000);
    expect(second.body.balances).toEqual([{ saldo: 0, ammount: 5_000, currency: 'ARS' }]);
    expect(await saleState(older.id)).toBe('paid');
    expect(await saleState(newer.id)).toBe('pending');
    const wallets = await t.call('find-wallets', { mode: 2, balanceOfUser: pro.ref }, client.token);
    expect(wallets.body.wallets).toEqual([
      expect.objectContaining({ id: newer.ref, price: 6_000, ammount: 5_000, currency: 'ARS' }),
    ]);
  });

  it('a payment can never exceed the debt: E3 with the Spanish message, nothing written', async () => {
    const { pro, client } = await pair();
    const owed = await debtOf(t, pro, client, 3_000);
    const refused = await pay(pro.token, client.ref, 3_001);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe('E3');
    expect(refused.body.message).toBe('El monto no puede superar el saldo adeudado.');
    const payments = await t.deps.db
      .selectFrom('payments')
      .select('id')
      .where('sale_id', '=', owed.id)
      .execute();
    expect(payments).toEqual([]);
    // Nor in another currency, where nothing is owed.
    expect((await pay(pro.token, client.ref, 100, 'USD')).body.code).toBe('E3');
    expect((await pay(pro.token, client.ref, 0)).body.code).toBe('E2');
    expect((await pay(pro.token, client.ref, 10.5)).body.code).toBe('E2');
    expect((await balances(client.token, pro.ref)).body.balances).toEqual([
      { saldo: 0, ammount: 3_000, currency: 'ARS' },
    ]);
  });
});

describe('find-wallets', () => {
  it('lists the pending balances and the professional’s payment methods (the §9 defaults)', async () => {
    const { pro, client } = await pair();
    const owed = await debtOf(t, pro, client, 2_500);
    const res = await t.call(
      'find-wallets',
      { mode: 2, showAll: true, balanceOfUser: pro.ref },
      client.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ payCard: 1, payCash: 0, payMoney: 1 });
    expect(res.body.wallets).toEqual([
      {
        id: owed.ref,
        title: 'Sesión adeudada',
        date: expect.any(String),
        currency: 'ARS',
        price: 2_500,
        ammount: 2_500,
      },
    ]);
  });
});

describe('save-auto-payments', () => {
  it('the client’s credit pays the debt in that currency, once', async () => {
    const { pro, client } = await pair();
    // A contracting voided after the client paid it: the professional holds 9,000 of theirs.
    const voided = await debtOf(t, pro, client, 9_000);
    const now = t.clock.now.toISOString();
    await insertRecordedPayment(t.deps.db, {
      ref: newRef(),
      saleId: voided.id,
      provider: 'transfer',
      amountMinor: 9_000,
      currency: 'ARS',
      now,
    });
    await voidSale(t.deps.db, voided.id, now);
    const owed = await debtOf(t, pro, client, 4_000);
    expect((await balances(client.token, pro.ref)).body.balances).toEqual([
      { saldo: 9_000, ammount: 4_000, currency: 'ARS' },
    ]);
    const auto = await t.call(
      'save-auto-payments',
      { mode: 2, balanceOfUser: pro.ref, currency: 'ARS', timezone: 'UTC' },
      client.token,
    );
    expect(auto.statusCode).toBe(200);
    expect(auto.body).toMatchObject({
      applied: 4_000,
      balances: [{ saldo: 5_000, ammount: 0, currency: 'ARS' }],
    });
    expect(await saleState(owed.id)).toBe('paid');
    const again = await t.call(
      'save-auto-payments',
      { balanceOfUser: pro.ref, currency: 'ARS' },
      client.token,
    );
    expect(again.body.applied).toBe(0);
    expect(again.body.balances).toEqual([{ saldo: 5_000, ammount: 0, currency: 'ARS' }]);
  });
});

describe('authorization', () => {
  it('a stranger gets 404 E90: another professional, another client, an unknown ref', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 1_000);
    const otherPro = await makeUser(t, { userType: 1 });
    const otherClient = await makeUser(t);
    for (const [token, ref] of [
      [otherPro.token, client.ref],
      [otherClient.token, pro.ref],
      [client.token, otherPro.ref],
      [client.token, otherClient.ref],
      [client.token, client.ref],
      [client.token, newRef()],
    ] as const) {
      const res = await balances(token, ref);
      expect(res.statusCode).toBe(404);
      expect(res.body.code).toBe('E90');
    }
    expect((await t.call('find-wallets', { balanceOfUser: client.ref }, otherPro.token)).statusCode).toBe(
      404,
    );
    expect((await pay(otherPro.token, client.ref, 500)).statusCode).toBe(404);
    expect(
      (await t.call('save-auto-payments', { balanceOfUser: pro.ref, currency: 'ARS' }, otherClient.token))
        .statusCode,
    ).toBe(404);
    expect((await balances(pro.token, client.ref)).body.balances).toEqual([
      { saldo: 0, ammount: 1_000, currency: 'ARS' },
    ]);
  });

  it('a client cannot record a payment on their own balance; signed-out callers get 401', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 1_000);
    expect((await pay(client.token, pro.ref, 1_000)).statusCode).toBe(403);
    expect((await t.call('find-balances', { balanceOfUser: pro.ref })).statusCode).toBe(401);
    expect((await balances(client.token, pro.ref)).body.balances).toEqual([
      { saldo: 0, ammount: 1_000, currency: 'ARS' },
    ]);
  });

  it('a team member needs contactsBilling', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 1_000);
    const member = await makeUser(t, { userType: 1 });
    const noBilling = await createCorporateSession(t.deps, pro.id, member.id, { calendarEdit: true });
    expect((await balances(noBilling, client.ref)).statusCode).toBe(403);
    const billing = await createCorporateSession(t.deps, pro.id, member.id, { contactsBilling: true });
    expect((await balances(billing, client.ref)).body.balances).toEqual([
      { saldo: 0, ammount: 1_000, currency: 'ARS' },
    ]);
  });
});
