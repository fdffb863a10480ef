import { type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { paidOnSaleSql } from './sales.repository.ts';

/** A user by ref with their type (1 professional, 2 client). */
export function findUserByRef(db: DB, ref: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type as userType'])
    .where('ref', '=', ref)
    .executeTakeFirst();
}

/** The professional as a balance checkout needs them: their country picks the provider. */
export function findSellerForCheckout(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['ref', 'country_id as countryId', 'first_name as firstName', 'last_name as lastName'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The ids of the sales a client takes part in: bought with their account, booked by them, or
 * recorded on a professional's contact linked to their account. Each branch starts from the
 * client through an index (0017), so the lookup never reads every sale.
 */
function clientSaleIds(db: DB, clientId: number) {
  return db
    .selectFrom('sales')
    .select('id')
    .where('buyer_id', '=', clientId)
    .union(
      db
        .selectFrom('bookings as cb')
        .innerJoin('sales as cs', 'cs.booking_id', 'cb.id')
        .select('cs.id')
        .where('cb.client_id', '=', clientId),
    )
    .union(
      db
        .selectFrom('contacts as cc')
        .innerJoin('sales as cs', 'cs.contact_id', 'cc.id')
        .select('cs.id')
        .where('cc.user_id', '=', clientId),
    );
}

/** The client's sales, with their appointment (b) when they have one; of one seller when given. */
function clientSales(db: DB, clientId: number, sellerId?: number) {
  let query = db
    .selectFrom('sales as s')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .where('s.id', 'in', clientSaleIds(db, clientId));
  if (sellerId !== undefined) query = query.where('s.seller_id', '=', sellerId);
  return query;
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
  const sale = await clientSales(db, clientId, sellerId).select('s.id').executeTakeFirst();
  return sale !== undefined;
}

const paidSoFar = paidOnSaleSql;
/** What the client's credit paid on a sale (save-auto-payments, an approved card balance payment). */
const paidFromCredit = sql<number>`coalesce((select sum(p.amount_minor) from payments p where p.sale_id = s.id and p.state = 'approved' and p.provider = 'wallet'), 0)`;

/**
 * A debt: a pending sale with an amount whose appointment has started (a debt recorded without
 * one counts at once). A held cart or a cancelled booking is no debt.
 */
const isDebt = (now: string) =>
  sql<SqlBool>`(s.state = 'pending' and s.amount_minor > 0 and ((s.booking_id is null and s.kind = 'balance') or (b.state in ('pending', 'confirmed', 'done') and b.starts_at <= ${now})))`;

/** The client's debts with the professional, oldest first, with what partial payments covered. */
export function listDebts(db: DB, q: { sellerId: number; clientId: number; now: string; currency?: string }) {
  let query = clientSales(db, q.clientId, q.sellerId).where(isDebt(q.now));
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

/** What is still owed on a debt: contract owedOnSale, summed in SQL (the billing table's debt is the same rule). */
const owedOnSale = (now: string) =>
  sql<number>`case when ${isDebt(now)} and s.amount_minor > ${paidSoFar} then s.amount_minor - ${paidSoFar} else 0 end`;

/**
 * The client's credit that a sale makes: approved payments on a contracting voided without a
 * refund (the professional holds that money), a paid card balance payment (its money becomes
 * credit and pays debts from there), less what the credit already paid ('wallet' payments).
 */
const creditOfSale = sql<number>`(case when s.state = 'void' then ${paidSoFar} else 0 end)
  + (case when s.kind = 'balance-payment' and s.state = 'paid' then s.amount_minor else 0 end)
  - (case when s.state <> 'void' then ${paidFromCredit} else 0 end)`;

/**
 * spec 002 §3 Balance rows of a client, per professional and currency: owed (ammount) and the
 * credit (may be below zero when a credit that paid debts was refunded afterwards). Only rows
 * with a debt or a credit; one professional's, or a page of professionals by name (rank counts
 * professionals from 1, so a page is a range of ranks).
 */
export function listBalanceTotals(
  db: DB,
  q: { clientId: number; now: string; sellerId?: number; firstRank?: number; lastRank?: number },
) {
  const totals = clientSales(db, q.clientId, q.sellerId)
    .select([
      's.seller_id as sellerId',
      's.currency',
      sql<number | string>`sum(${owedOnSale(q.now)})`.as('owed'),
      sql<number | string>`sum(${creditOfSale})`.as('credit'),
    ])
    .groupBy(['s.seller_id', 's.currency'])
    .having(sql<SqlBool>`sum(${owedOnSale(q.now)}) > 0 or sum(${creditOfSale}) > 0`);
  const ranked = db
    .selectFrom(totals.as('t'))
    .innerJoin('users as u', 'u.id', 't.sellerId')
    .select([
      't.sellerId',
      't.currency',
      't.owed',
      't.credit',
      'u.ref',
      'u.first_name as firstName',
      'u.last_name as lastName',
      sql<number>`dense_rank() over (order by u.last_name, u.first_name, u.id)`.as('rank'),
    ]);
  let query = db.selectFrom(ranked.as('r')).selectAll();
  if (q.firstRank !== undefined) query = query.where('r.rank', '>=', q.firstRank);
  if (q.lastRank !== undefined) query = query.where('r.rank', '<=', q.lastRank);
  return query.orderBy('r.rank').orderBy('r.currency').execute();
}
