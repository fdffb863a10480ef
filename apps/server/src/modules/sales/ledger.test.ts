import { payoutHoldingDays } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { pendingSale } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runDuePayouts } from './payouts.service.ts';
import { settleSalePaid, settleSaleRefunded } from './settle-sale.service.ts';

// One ledger: commission frozen when paid; card sales released after the holding period into
// one payout per seller and currency, by timed work that two sweepers can run at once.
const day = 86_400_000;

const t = useTestApp();

async function sale(sellerId: number, amountMinor: number, currency = 'ARS') {
  return (await pendingSale(t, sellerId, { amountMinor, currency, method: 'card' })).id;
}

const pay = (id: number, method: 'card' | 'cash' | 'transfer') =>
  settleSalePaid(t.deps, t.deps.db, id, { method, provider: method === 'card' ? 'dLocal' : null });

const row = (id: number) =>
  t.deps.db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function setPlan(userId: number, plan: number) {
  await t.deps.db.updateTable('users').set({ user_plan: plan }).where('id', '=', userId).execute();
}

describe('commission', () => {
  it('is frozen on the sale when paid, by the plan of that moment, and only on card sales', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await setPlan(pro.id, 1);
    const card = await sale(pro.id, 100_000);
    const cash = await sale(pro.id, 100_000);
    expect((await row(card)).commission_bp).toBeNull();
    await pay(card, 'card');
    await pay(cash, 'cash');
    await setPlan(pro.id, 4);
    // A replayed settlement changes nothing, under the new plan either.
    expect(await pay(card, 'card')).toBe('ignored');
    expect(await row(card)).toMatchObject({ commission_bp: 800, commission_minor: 8_000 });
    expect(await row(cash)).toMatchObject({ commission_bp: 0, commission_minor: 0 });
  });

  it('records a payment for a sale paid outside a provider, once', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const id = await sale(pro.id, 5_000);
    await pay(id, 'transfer');
    await pay(id, 'transfer');
    const payments = await t.deps.db.selectFrom('payments').selectAll().where('sale_id', '=', id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ state: 'approved', amount_minor: 5_000, provider: 'transfer' });
  });
});

describe('payouts', () => {
  it('release paid card sales after the holding period, never cash or transfer, once', async () => {
    const start = t.clock.now;
    try {
      const pro = await makeUser(t, { userType: 1 }); // plan 4: 10 %
      const other = await makeUser(t, { userType: 1 });
      const cardA = await sale(pro.id, 10_000);
      const cardB = await sale(pro.id, 20_000);
      const usd = await sale(pro.id, 3_000, 'USD');
      const cash = await sale(pro.id, 7_000);
      const transfer = await sale(pro.id, 9_000);
      const unpaid = await sale(pro.id, 4_000);
      const refunded = await sale(pro.id, 6_000);
      const otherCard = await sale(other.id, 1_000);
      for (const id of [cardA, cardB, usd, refunded, otherCard]) await pay(id, 'card');
      await pay(cash, 'cash');
      await pay(transfer, 'transfer');
      await settleSaleRefunded(t.deps, t.deps.db, refunded);

      // One day short of the holding period: nothing is released.
      t.clock.now = new Date(start.getTime() + (payoutHoldingDays - 1) * day);
      await runDuePayouts(t.deps);
      expect((await row(cardA)).payout_id).toBeNull();

      // Two sweepers at once (two instances, or a slow pass and the next): each sale lands in one payout.
      t.clock.now = new Date(start.getTime() + payoutHoldingDays * day);
      await Promise.all([runDuePayouts(t.deps), runDuePayouts(t.deps), runDuePayouts(t.deps)]);
      await runDuePayouts(t.deps);

      const payouts = await t.deps.db
        .selectFrom('payouts')
        .selectAll()
        .where('seller_id', 'in', [pro.id, other.id])
        .orderBy('id')
        .execute();
      const mine = payouts.filter((p) => p.seller_id === pro.id);
      expect(mine.map((p) => [p.currency, p.sales_count, p.amount_minor]).sort()).toEqual([
        ['ARS', 2, 27_000],
        ['USD', 1, 2_700],
      ]);
      expect(payouts.filter((p) => p.seller_id === other.id)).toHaveLength(1);
      const ars = mine.find((p) => p.currency === 'ARS');
      expect((await row(cardA)).payout_id).toBe(ars?.id);
      expect((await row(cardB)).payout_id).toBe(ars?.id);
      for (const id of [cash, transfer, unpaid, refunded]) expect((await row(id)).payout_id).toBeNull();
    } finally {
      t.clock.now = start;
    }
  });
});
