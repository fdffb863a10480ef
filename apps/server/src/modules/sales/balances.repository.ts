import { type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** A user by ref with their type (1 professional, 2 client). */
export function findUserByRef(db: DB, ref: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type as userType'])
    .where('ref', '=', ref)
    .executeTakeFirst();
}

/**
 * The sales between a professional and a client: bought with the client's account, booked by
 * them, or recorded on the professional's contact linked to that account.
 */
function pairSales(db: DB, sellerId: number, clientId: number) {
  return db
    .selectFrom('sales as s')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .leftJoin('contacts as c', 'c.id', 's.contact_id')
    .where('s.seller_id', '=', sellerId)
    .where((eb) =>
      eb.or([
        eb('s.buyer_id', '=', clientId),
        eb('b.client_id', '=', clientId),
        eb('c.user_id', '=', clientId),
      ]),
    );
}

/** Whether the two take part in anything together: a contact of the professional or a sale. */
export async function arePaired(db: DB, sellerId: number, clientId: number): Promise<boolean> {
  const contact = await db
    .selectFrom('contacts')
    .select('id')
    .where('professional_id', '=', sellerId)
    .where('user_id', '=', clientId)
    .executeTakeFirst();
  if (contact) return true;
  const sale = await pairSales(db, sellerId, clientId).select('s.id').executeTakeFirst();
  return sale !== undefined;
}

const paidSoFar = sql<number>`coalesce((select sum(p.amount_minor) from payments p where p.sale_id = s.id and p.state = 'approved'), 0)`;

/**
 * The client's debts with the professional, oldest first: pending sales with an amount whose
 * appointment has started (a debt recorded without one counts at once), with what partial
 * payments already covered. A held cart or a cancelled booking is no debt.
 */
export function listDebts(db: DB, q: { sellerId: number; clientId: number; now: string; currency?: string }) {
  let query = pairSales(db, q.sellerId, q.clientId)
    .where('s.state', '=', 'pending')
    .where('s.amount_minor', '>', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.booking_id', 'is', null), eb('s.kind', '=', 'balance')]),
        eb.and([eb('b.state', 'in', ['pending', 'confirmed', 'done']), eb('b.starts_at', '<=', q.now)]),
      ]),
    );
  if (q.currency) query = query.where('s.currency', '=', q.currency);
  return query
    .select([
      's.id',
      's.ref',
      's.description',
      's.currency',
      's.amount_minor as amountMinor',
      sql<string>`coalesce(b.starts_at, s.created_at)`.as('date'),
      paidSoFar.as('paidMinor'),
    ])
    .orderBy(sql`coalesce(b.starts_at, s.created_at)`)
    .orderBy('s.id')
    .execute();
}

/**
 * The client's credit with the professional per currency: approved payments on contractings
 * that were voided without a refund (the professional holds that money), less what the credit
 * already paid (payments with provider 'wallet').
 */
export async function listCredits(db: DB, sellerId: number, clientId: number) {
  const held = await pairSales(db, sellerId, clientId)
    .innerJoin('payments as p', 'p.sale_id', 's.id')
    .where('s.state', '=', 'void')
    .where('p.state', '=', 'approved')
    .select(['s.currency', sql<number>`sum(p.amount_minor)`.as('total')])
    .groupBy('s.currency')
    .execute();
  const spent = await pairSales(db, sellerId, clientId)
    .innerJoin('payments as p', 'p.sale_id', 's.id')
    .where('p.state', '=', 'approved')
    .where('p.provider', '=', 'wallet')
    .where(sql<SqlBool>`s.state <> 'void'`)
    .select(['s.currency', sql<number>`sum(p.amount_minor)`.as('total')])
    .groupBy('s.currency')
    .execute();
  const credit = new Map<string, number>();
  for (const row of held) credit.set(row.currency, (credit.get(row.currency) ?? 0) + Number(row.total));
  for (const row of spent) credit.set(row.currency, (credit.get(row.currency) ?? 0) - Number(row.total));
  return credit;
}
