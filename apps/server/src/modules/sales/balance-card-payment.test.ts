import { clientBalancesPageSize, payoutHoldingDays } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import {
  sandboxCards,
  sandboxSignatureHeader,
  signSandboxPayload,
} from '../../providers/payments/sandbox-provider.ts';
import { makeUser } from '../../test/booking-fixtures.ts';
import { paymentWebhook } from '../../test/course-fixtures.ts';
import { bankAccountInput, payOnSandboxPage } from '../../test/payment-fixtures.ts';
import { debtOf, sellerAndClient } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { runDuePayouts } from './payouts.service.ts';

// Issue 14: a client pays (part of) a balance by card (spec 002 §4 step 3, §7 start of the
// provider page with payReservedId; 000 §2.2 pay-balance/{ref}/{idPay}/{tempBookId}). The card
// payment is a sale of its own; once the provider approves it, its money pays the pair's debts
// oldest first and whatever is no longer owed stays as the client's credit.

const t = useTestApp();

const pair = (over: { firstName?: string } = {}) => sellerAndClient(t, over);

const start = (token: string, balanceOfUser: string, amount: number, currency = 'ARS') =>
  t.call('start-balance-payment', { mode: 2, balanceOfUser, currency, amount }, token);

const balances = async (token: string, balanceOfUser: string) =>
  (await t.call('find-balances', { mode: 2, balanceOfUser }, token)).body.balances;

async function sale(ref: string) {
  return t.deps.db
    .selectFrom('sales')
    .select(['id', 'kind', 'state', 'method', 'commission_bp', 'commission_minor', 'payout_id', 'buyer_id'])
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
}

async function paymentsOf(saleRef: string) {
  return t.deps.db
    .selectFrom('payments as p')
    .innerJoin('sales as s', 's.id', 'p.sale_id')
    .select(['p.provider', 'p.amount_minor as amount', 'p.state'])
    .where('s.ref', '=', saleRef)
    .orderBy('p.id')
    .execute();
}

describe('start-balance-payment', () => {
  it('opens the provider’s checkout for the chosen amount; the return goes to pay-balance', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 10_000, { at: '2026-11-01T10:00:00.000Z' });
    const res = await start(client.token, pro.ref, 4_000);
    expect(res.statusCode).toBe(200);
    // An Argentine professional without keys of their own: dLocal, as their other checkouts.
    expect(res.body).toMatchObject({ provider: 'dlocal', sandbox: true });
    const payment = await t.deps.db
      .selectFrom('payments')
      .select(['amount_minor', 'currency', 'state', 'return_url'])
      .where('ref', '=', res.body.paymentRef)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      amount_minor: 4_000,
      currency: 'ARS',
      state: 'created',
      return_url: `/ar/es/pay-balance/${pro.ref}/${res.body.paymentRef}/${res.body.saleRef}`,
    });
    expect(await sale(res.body.saleRef)).toMatchObject({
      kind: 'balance-payment',
      state: 'pending',
      buyer_id: client.id,
    });
    // Until the provider approves it, nothing changes: it is neither a debt nor a credit.
    expect(await balances(client.token, pro.ref)).toEqual([{ saldo: 0, ammount: 10_000, currency: 'ARS' }]);
    // Nor is it a contracting in the professional's sales table until the money arrives.
    const table = await t.call('find-billing-all', { mode: 1 }, pro.token);
    expect(table.body.rows.map((r: { id: string }) => r.id)).not.toContain(res.body.saleRef);
    const page = await t.app.inject({ method: 'GET', url: res.body.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pago de saldo');
  });

  it('refuses an amount above what is owed (E3) or not above zero (E2), writing nothing', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 3_000, { at: '2026-11-01T10:00:00.000Z' });
    const salesBefore = await t.deps.db.selectFrom('sales').select('id').execute();
    const over = await start(client.token, pro.ref, 3_001);
    expect(over.statusCode).toBe(400);
    expect(over.body).toMatchObject({ code: 'E3', message: 'El monto no puede superar el saldo adeudado.' });
    // Nothing is owed in another currency.
    expect((await start(client.token, pro.ref, 100, 'USD')).body.code).toBe('E3');
    for (const amount of [0, -5, 10.5]) {
      const bad = await start(client.token, pro.ref, amount);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.code).toBe('E2');
    }
    expect(await t.deps.db.selectFrom('sales').select('id').execute()).toHaveLength(salesBefore.length);
  });

  it('only the client of the pair starts it: the professional and their team get 403, a stranger 404', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 3_000, { at: '2026-11-01T10:00:00.000Z' });
    const own = await start(pro.token, client.ref, 1_000);
    expect(own.statusCode).toBe(403);
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, pro.id, member.id, { contactsBilling: true });
    expect((await start(team, client.ref, 1_000)).statusCode).toBe(403);
    const stranger = await makeUser(t);
    const res = await start(stranger.token, pro.ref, 1_000);
    expect(res.statusCode).toBe(404);
    expect(res.body.code).toBe('E90');
    expect((await start(client.token, stranger.ref, 1_000)).body.code).toBe('E90');
    expect(
      (await t.call('start-balance-payment', { balanceOfUser: pro.ref, currency: 'ARS', amount: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('is refused (E15) when the professional turned card off', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 3_000, { at: '2026-11-01T10:00:00.000Z' });
    const off = await t.call(
      'update-user-payment-options',
      { payCash: 0, payCard: 0, payMoney: 1, notifyDebt: 1 },
      pro.token,
    );
    expect(off.statusCode).toBe(200);
    const res = await start(client.token, pro.ref, 1_000);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E15',
      message: 'El pago con tarjeta no está disponible para este saldo.',
    });
  });
});

describe('an approved balance payment', () => {
  it('pays the debts oldest first, partly too, through the sandbox page; the rest stays owed', async () => {
    const { pro, client } = await pair();
    const older = await debtOf(t, pro, client, 10_000, { at: '2026-11-01T10:00:00.000Z' });
    const newer = await debtOf(t, pro, client, 6_000, { at: '2026-11-10T10:00:00.000Z' });
    const started = (await start(client.token, pro.ref, 12_000)).body;
    const paid = await payOnSandboxPage(t, started.checkoutUrl);
    expect(paid.statusCode).toBe(200);

    expect(await balances(client.token, pro.ref)).toEqual([{ saldo: 0, ammount: 4_000, currency: 'ARS' }]);
    expect(await sale(older.ref)).toMatchObject({ state: 'paid', method: 'transfer', commission_minor: 0 });
    expect(await paymentsOf(older.ref)).toEqual([{ provider: 'wallet', amount: 10_000, state: 'approved' }]);
    expect(await sale(newer.ref)).toMatchObject({ state: 'pending' });
    expect(await paymentsOf(newer.ref)).toEqual([{ provider: 'wallet', amount: 2_000, state: 'approved' }]);
    // The card sale carries the commission (plan 4: 10 %).
    expect(await sale(started.saleRef)).toMatchObject({
      state: 'paid',
      method: 'card',
      commission_bp: 1000,
      commission_minor: 1_200,
    });
    const wallets = await t.call('find-wallets', { mode: 2, balanceOfUser: pro.ref }, client.token);
    expect(wallets.body.wallets).toEqual([expect.objectContaining({ id: newer.ref, ammount: 4_000 })]);
    const table = await t.call('find-billing-all', { mode: 1 }, pro.token);
    expect(table.body.rows.map((r: { id: string }) => r.id)).toContain(started.saleRef);
    // The return page reads the payment as its owner.
    const found = await t.call('find-payment', { ref: started.paymentRef }, client.token);
    expect(found.body).toMatchObject({ state: 'approved', amount: 120, currency: 'ARS' });
  });

  it('a declined card changes nothing', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 5_000, { at: '2026-11-01T10:00:00.000Z' });
    const started = (await start(client.token, pro.ref, 5_000)).body;
    await payOnSandboxPage(t, started.checkoutUrl, sandboxCards.decline);
    expect(await balances(client.token, pro.ref)).toEqual([{ saldo: 0, ammount: 5_000, currency: 'ARS' }]);
    expect(await sale(started.saleRef)).toMatchObject({ state: 'pending' });
  });

  it('applies only what is still owed when approved; the surplus is the client’s credit', async () => {
    const { pro, client } = await pair();
    const owed = await debtOf(t, pro, client, 10_000, { at: '2026-11-01T10:00:00.000Z' });
    const started = (await start(client.token, pro.ref, 10_000)).body;
    // Meanwhile the professional records 4,000 the client paid in cash.
    const cash = await t.call(
      'save-balance-payment',
      { balanceOfUser: client.ref, currency: 'ARS', amount: 4_000, method: 'cash' },
      pro.token,
    );
    expect(cash.statusCode).toBe(200);
    await paymentWebhook(t, started.paymentRef);
    expect(await sale(owed.ref)).toMatchObject({ state: 'paid' });
    expect(await paymentsOf(owed.ref)).toEqual([
      { provider: 'cash', amount: 4_000, state: 'approved' },
      { provider: 'wallet', amount: 6_000, state: 'approved' },
    ]);
    expect(await balances(client.token, pro.ref)).toEqual([{ saldo: 4_000, ammount: 0, currency: 'ARS' }]);
    expect(await balances(pro.token, client.ref)).toEqual([{ saldo: 4_000, ammount: 0, currency: 'ARS' }]);
    // That credit pays the next debt through save-auto-payments, and is then spent.
    const next = await debtOf(t, pro, client, 3_000, { at: '2026-11-20T10:00:00.000Z' });
    const auto = await t.call(
      'save-auto-payments',
      { balanceOfUser: pro.ref, currency: 'ARS' },
      client.token,
    );
    expect(auto.body).toMatchObject({
      applied: 3_000,
      balances: [{ saldo: 1_000, ammount: 0, currency: 'ARS' }],
    });
    expect(await sale(next.ref)).toMatchObject({ state: 'paid' });
  });

  it('a replayed or repeated approval pays nothing twice', async () => {
    const { pro, client } = await pair();
    const first = await debtOf(t, pro, client, 5_000, { at: '2026-11-01T10:00:00.000Z' });
    const second = await debtOf(t, pro, client, 5_000, { at: '2026-11-02T10:00:00.000Z' });
    const started = (await start(client.token, pro.ref, 5_000)).body;
    const row = await t.deps.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('ref', '=', started.paymentRef)
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify({
      id: `evt_balance_${started.paymentRef}`,
      type: 'payment.approved',
      data: { paymentId: row.provider_payment_id, paymentRef: started.paymentRef },
    });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/payments/dlocal',
        headers: {
          'content-type': 'application/json',
          [sandboxSignatureHeader]: signSandboxPayload(
            t.config.payments.sandboxSecret,
            raw,
            Math.floor(t.clock.now.getTime() / 1000),
          ),
        },
        payload: raw,
      });
    expect((await post()).json()).toMatchObject({ result: 'applied' });
    expect((await post()).json()).toMatchObject({ result: 'replay' });
    // Another event about the same approval (the provider retried under a new id).
    await paymentWebhook(t, started.paymentRef);
    expect(await paymentsOf(first.ref)).toEqual([{ provider: 'wallet', amount: 5_000, state: 'approved' }]);
    expect(await paymentsOf(second.ref)).toEqual([]);
    expect(await balances(client.token, pro.ref)).toEqual([{ saldo: 0, ammount: 5_000, currency: 'ARS' }]);
  });

  it('only the card sale enters a payout, net of its commission; the debts it paid never do', async () => {
    const begin = t.clock.now;
    try {
      const { pro, client } = await pair();
      const owed = await debtOf(t, pro, client, 20_000, { at: '2026-11-01T10:00:00.000Z' });
      const started = (await start(client.token, pro.ref, 20_000)).body;
      await paymentWebhook(t, started.paymentRef);
      t.clock.now = new Date(begin.getTime() + payoutHoldingDays * 86_400_000);
      await runDuePayouts(t.deps);
      const payouts = await t.deps.db
        .selectFrom('payouts')
        .selectAll()
        .where('seller_id', '=', pro.id)
        .execute();
      expect(payouts.map((p) => [p.currency, p.sales_count, p.amount_minor])).toEqual([['ARS', 1, 18_000]]);
      expect((await sale(started.saleRef)).payout_id).toBe(payouts[0]?.id);
      expect(await sale(owed.ref)).toMatchObject({ state: 'paid', payout_id: null, commission_minor: 0 });
    } finally {
      t.clock.now = begin;
    }
  });
});

describe('find-wallets: the transfer step’s bank data', () => {
  const bank = bankAccountInput;

  it('the client of the pair gets what a payer needs; the professional’s side and a stranger do not', async () => {
    const { pro, client } = await pair();
    await debtOf(t, pro, client, 2_000, { at: '2026-11-01T10:00:00.000Z' });
    const none = await t.call('find-wallets', { mode: 2, balanceOfUser: pro.ref }, client.token);
    expect(none.body.bank).toBeNull();
    expect((await t.call('update-user-bank', bank, pro.token)).statusCode).toBe(200);
    const res = await t.call('find-wallets', { mode: 2, balanceOfUser: pro.ref }, client.token);
    expect(res.body.bank).toEqual({
      country: 5,
      firstName: 'Lucía',
      lastName: 'Fernández',
      accountType: null,
      bankName: 'BANCO DE LA NACION ARGENTINA',
      currency: 'ARS',
      account: '0110599520000001234569',
      alias: 'lucia.consultorio',
    });
    expect(
      (await t.call('find-wallets', { mode: 1, balanceOfUser: client.ref }, pro.token)).body.bank,
    ).toBeNull();
    const stranger = await makeUser(t);
    expect((await t.call('find-wallets', { balanceOfUser: pro.ref }, stranger.token)).statusCode).toBe(404);
    // With transfer off the dialog has no step 5: no bank data either.
    await t.call(
      'update-user-payment-options',
      { payCash: 0, payCard: 1, payMoney: 0, notifyDebt: 1 },
      pro.token,
    );
    expect((await t.call('find-wallets', { balanceOfUser: pro.ref }, client.token)).body.bank).toBeNull();
  });
});

describe('find-client-balances (wallet-account without a professional)', () => {
  it('lists every professional the client owes or holds a credit with, by name, and none settled', async () => {
    const client = await makeUser(t);
    const zoe = await makeUser(t, { userType: 1, firstName: 'Zoe' });
    const ana = await makeUser(t, { userType: 1, firstName: 'Ana' });
    const settled = await makeUser(t, { userType: 1, firstName: 'Bruno' });
    await debtOf(t, zoe, client, 1_000, { at: '2026-11-01T10:00:00.000Z' });
    await debtOf(t, zoe, client, 500, { at: '2026-11-01T10:00:00.000Z', currency: 'USD' });
    await debtOf(t, ana, client, 7_000, { at: '2026-11-01T10:00:00.000Z' });
    // Ana's balance is paid by card with some to spare: a credit is listed too.
    await debtOf(t, settled, client, 2_000, { at: '2026-11-01T10:00:00.000Z' });
    await t.call(
      'save-balance-payment',
      { balanceOfUser: client.ref, currency: 'ARS', amount: 2_000, method: 'cash' },
      settled.token,
    );
    const started = (await start(client.token, ana.ref, 7_000)).body;
    await t.call(
      'save-balance-payment',
      { balanceOfUser: client.ref, currency: 'ARS', amount: 1_000, method: 'cash' },
      ana.token,
    );
    await paymentWebhook(t, started.paymentRef);

    const res = await t.call('find-client-balances', {}, client.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: '200',
      more: false,
      professionals: [
        { ref: ana.ref, name: `Ana Prueba`, balances: [{ saldo: 1_000, ammount: 0, currency: 'ARS' }] },
        {
          ref: zoe.ref,
          name: 'Zoe Prueba',
          balances: [
            { saldo: 0, ammount: 1_000, currency: 'ARS' },
            { saldo: 0, ammount: 500, currency: 'USD' },
          ],
        },
      ],
    });
    // Only clients: a professional has no such list.
    expect((await t.call('find-client-balances', {}, zoe.token)).statusCode).toBe(403);
  });

  it('answers a page of professionals at a time', async () => {
    const client = await makeUser(t);
    const count = clientBalancesPageSize + 2;
    for (let i = 0; i < count; i += 1) {
      const pro = await makeUser(t, { userType: 1 });
      await debtOf(t, pro, client, 100 + i, { at: '2026-11-01T10:00:00.000Z' });
    }
    const first = await t.call('find-client-balances', { page: 1 }, client.token);
    expect(first.body.professionals).toHaveLength(clientBalancesPageSize);
    expect(first.body.more).toBe(true);
    const second = await t.call('find-client-balances', { page: 2 }, client.token);
    expect(second.body.professionals).toHaveLength(2);
    expect(second.body.more).toBe(false);
    const refs = new Set(
      [...first.body.professionals, ...second.body.professionals].map((p: { ref: string }) => p.ref),
    );
    expect(refs.size).toBe(count);
  });
});
