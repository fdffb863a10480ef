import { commissionBpFor, commissionMinor, payoutHoldingDays } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { AppDeps } from '../deps.ts';
import { newRef } from '../lib/random.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import { ensureContactForClient } from '../modules/contacts/contacts.service.ts';

/** Past appointments per week of the demo year: enough to page, sort and search. */
const perWeek = 3;
const weeks = 52;

type Kind = 'card' | 'cash' | 'transfer' | 'unpaid' | 'cancelled';
/** Every state the sales table shows, in turn: card most often, as in a real practice. */
const rotation: readonly Kind[] = ['card', 'card', 'cash', 'transfer', 'card', 'unpaid', 'cash', 'cancelled'];

/**
 * issue 14: a year of past sales of the demo professional in every state (card, cash, transfer
 * paid; unpaid, the demo client's among them; cancelled, complete '2'; card sales paid out by
 * month and the recent ones pending), and the demo client's oldest past debt half paid. Written in a few multi-row inserts so the seed stays fast;
 * idempotent (a seeded payout means it ran).
 */
export async function seedSales(deps: AppDeps): Promise<void> {
  const pro = await accountByEmail(deps.db, 'profesional@agendo.test');
  const client = await accountByEmail(deps.db, 'consultante@agendo.test');
  if (!pro || !client) return;
  const done = await deps.db
    .selectFrom('payouts')
    .select('id')
    .where('seller_id', '=', pro.id)
    .executeTakeFirst();
  if (done) return;

  const pubs = await deps.db
    .selectFrom('publications')
    .select(['id', 'title', 'price', 'currency', 'duration_min', 'modality_id'])
    .where('user_id', '=', pro.id)
    .where('price', '>', 0)
    .execute();
  if (pubs.length === 0) return;
  const clientContact = await ensureContactForClient(deps.db, pro.id, { id: client.id }, deps.now());
  const contacts = await deps.db
    .selectFrom('contacts')
    .select(['id', 'user_id'])
    .where('professional_id', '=', pro.id)
    .where('deleted_at', 'is', null)
    .execute();
  const who = [{ id: clientContact.id, user_id: client.id as number | null }, ...contacts];

  const now = DateTime.fromJSDate(deps.now()).toUTC();
  const nowIso = now.toISO() as string;
  const plan = pro.user_plan;
  const bookings = [];
  const kinds: Kind[] = [];
  for (let i = 0; i < weeks * perWeek; i += 1) {
    const pub = pubs[i % pubs.length];
    const person = who[i % who.length];
    if (!pub || !person) continue;
    const kind = rotation[i % rotation.length] as Kind;
    // Oldest first, two or three days apart, at 10:00, 14:00 or 17:00 Buenos Aires (UTC−3).
    const startsAt = now
      .minus({ days: 365 - Math.floor((i * 7) / perWeek) })
      .set({ hour: [13, 17, 20][i % 3], minute: 0, second: 0, millisecond: 0 });
    const startsIso = startsAt.toISO() as string;
    const endsIso = startsAt.plus({ minutes: pub.duration_min }).toISO() as string;
    const paid = kind === 'card' || kind === 'cash' || kind === 'transfer';
    kinds.push(kind);
    bookings.push({
      ref: newRef(),
      publication_id: pub.id,
      professional_id: pro.id,
      client_id: person.user_id,
      contact_id: person.id,
      starts_at: startsIso,
      ends_at: endsIso,
      state: kind === 'cancelled' ? ('cancelled' as const) : ('done' as const),
      hold_expires_at: null,
      created_at: startsAt.minus({ days: 3 }).toISO() as string,
      updated_at: nowIso,
      title: pub.title,
      duration: pub.duration_min,
      modality_id: pub.modality_id === 2 ? 2 : 1,
      price_minor: pub.price,
      original_price_minor: pub.price,
      currency: pub.currency,
      pay: paid ? 1 : 0,
      pay_method: kind === 'unpaid' || kind === 'cancelled' ? 'cash' : kind,
      done_at: kind === 'cancelled' ? null : endsIso,
      paid_at: paid ? startsIso : null,
      cancelled_at: kind === 'cancelled' ? startsAt.minus({ days: 1 }).toISO() : null,
      cancelled_by: kind === 'cancelled' ? person.user_id : null,
      cancel_reason: kind === 'cancelled' ? 'client' : null,
      reminder_sent_at: startsAt.minus({ days: 1 }).toISO(),
    });
  }

  // The array's type settles once the loop is done; the closure below reads that settled copy.
  const bookingRows = [...bookings];
  await deps.db.transaction().execute(async (tx) => {
    const inserted = await tx.insertInto('bookings').values(bookingRows).returning(['id']).execute();
    const sales = inserted.map((b, i) => {
      const booking = bookingRows[i] as (typeof bookingRows)[number];
      const kind = kinds[i] as Kind;
      const paid = kind === 'card' || kind === 'cash' || kind === 'transfer';
      const method = kind === 'card' ? 'card' : kind === 'transfer' ? 'transfer' : 'cash';
      const bp = paid ? commissionBpFor(plan, method) : null;
      return {
        ref: newRef(),
        kind: 'booking' as const,
        seller_id: pro.id,
        buyer_id: booking.client_id,
        contact_id: booking.contact_id,
        booking_id: b.id,
        description: booking.title,
        amount_minor: booking.price_minor,
        discount_minor: 0,
        currency: booking.currency,
        method: method as 'card' | 'cash' | 'transfer',
        state: paid ? ('paid' as const) : kind === 'cancelled' ? ('void' as const) : ('pending' as const),
        provider: kind === 'card' ? 'dLocal' : null,
        coupon_id: null,
        created_at: booking.created_at,
        paid_at: booking.paid_at,
        updated_at: nowIso,
        commission_bp: bp,
        commission_minor: bp === null ? null : commissionMinor(booking.price_minor, bp),
      };
    });
    const saleRows = await tx.insertInto('sales').values(sales).returning(['id']).execute();
    for (const [i, b] of inserted.entries()) {
      await tx
        .updateTable('bookings')
        .set({ sale_id: saleRows[i]?.id ?? null })
        .where('id', '=', b.id)
        .execute();
    }
    const payments = saleRows.flatMap((s, i) => {
      const sale = sales[i] as (typeof sales)[number];
      if (sale.state !== 'paid' || !sale.paid_at) return [];
      return [
        {
          ref: newRef(),
          sale_id: s.id,
          provider: sale.provider ?? sale.method,
          provider_payment_id: null,
          amount_minor: sale.amount_minor,
          currency: sale.currency,
          state: 'approved' as const,
          return_url: '',
          checkout_url: null,
          created_at: sale.paid_at,
          updated_at: sale.paid_at,
        },
      ];
    });
    if (payments.length > 0) await tx.insertInto('payments').values(payments).execute();

    // The demo client paid half of their oldest unpaid past appointment (the agenda seed's
    // cash one) by transfer: their balance shows a partial payment (issue 14 balances).
    const owed = await tx
      .selectFrom('sales as s')
      .innerJoin('bookings as b', 'b.id', 's.booking_id')
      .select(['s.id', 's.amount_minor', 's.currency'])
      .where('s.seller_id', '=', pro.id)
      .where('s.buyer_id', '=', client.id)
      .where('s.state', '=', 'pending')
      .where('s.amount_minor', '>', 1)
      .where('b.starts_at', '<=', nowIso)
      .orderBy('b.starts_at')
      .executeTakeFirst();
    if (owed) {
      await tx
        .insertInto('payments')
        .values({
          ref: newRef(),
          sale_id: owed.id,
          provider: 'transfer',
          provider_payment_id: null,
          amount_minor: Math.floor(owed.amount_minor / 2),
          currency: owed.currency,
          state: 'approved',
          return_url: '',
          checkout_url: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .execute();
    }

    // Card sales released after the holding period, paid out once a month; the recent ones are pending.
    const cutoff = now.minus({ days: payoutHoldingDays });
    const byMonth = new Map<string, { ids: number[]; net: number; last: DateTime; currency: string }>();
    saleRows.forEach((s, i) => {
      const sale = sales[i] as (typeof sales)[number];
      if (sale.method !== 'card' || sale.state !== 'paid' || !sale.paid_at) return;
      const paidAt = DateTime.fromISO(sale.paid_at, { zone: 'utc' });
      if (paidAt > cutoff) return;
      const key = `${paidAt.toFormat('yyyy-MM')} ${sale.currency}`;
      const group = byMonth.get(key) ?? { ids: [], net: 0, last: paidAt, currency: sale.currency };
      group.ids.push(s.id);
      group.net += sale.amount_minor - (sale.commission_minor ?? 0);
      if (paidAt > group.last) group.last = paidAt;
      byMonth.set(key, group);
    });
    for (const group of byMonth.values()) {
      const release = DateTime.min(group.last.plus({ days: payoutHoldingDays }), now);
      const payout = await tx
        .insertInto('payouts')
        .values({
          ref: newRef(),
          seller_id: pro.id,
          currency: group.currency,
          amount_minor: group.net,
          sales_count: group.ids.length,
          created_at: release.toISO() as string,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('sales').set({ payout_id: payout.id }).where('id', 'in', group.ids).execute();
    }
  });
}
