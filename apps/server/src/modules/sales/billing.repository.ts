import type { BillingSortKey } from '@agendo/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { keysetAfter } from '../../db/keyset.ts';
import type { SortKey } from '../../lib/page-cursor.ts';
import { paidOnSaleSql } from './sales.repository.ts';

/**
 * The table's shown columns for the rows of one page. The client is the contact when the sale
 * has one, else the buying account.
 */
const clientName = sql<string>`coalesce(c.first_name || ' ' || c.last_name, u.first_name || ' ' || u.last_name, '')`;
const modalityOf = (kind: Expression<string>, modalityId: Expression<number | null>) =>
  sql<string>`case when ${kind} = 'module' then 'Curso' when ${modalityId} = 2 then 'Presencial' else 'Online' end`;
const service = sql<string>`case when s.kind = 'module' then 'Curso' else 'Sesión' end`;
/** '2' (spec 001 §4): the contracting ended without payment. */
const complete = sql<string>`case when s.state in ('void', 'refunded') then '2' else '1' end`;
/** The card refund owed for the sale (its cancelled appointment's), the latest if several. */
const refundState = sql<
  'pending' | 'done' | 'flagged' | null
>`(select rf.state from payment_refunds rf where rf.sale_id = s.id order by rf.id desc limit 1)`;
const payId = sql<
  string | null
>`(select min(p.ref) from payments p where p.sale_id = s.id and p.state = 'approved')`;

/**
 * What each sortable column orders by, over the sale row alone (consult_at, client_key and
 * listed are kept on it by triggers, migrations/0020-billing-search.ts), never null, so a page
 * can also start after a cursor's key. Ties are broken by the sale's ref: unique and public.
 */
const sortExpressions: Record<BillingSortKey, RawBuilder<string | number>> = {
  date: sql<string>`s.consult_at`,
  // Unpaid sales first going up and last going down, on both databases (NULLs sort apart).
  datePay: sql<string>`coalesce(s.paid_at, '')`,
  clientName: sql<string>`s.client_key`,
  title: sql<string>`lower(s.description)`,
  modality: modalityOf(sql`s.kind`, sql`(select b.modality_id from bookings b where b.id = s.booking_id)`),
  price: sql<number>`s.amount_minor + s.discount_minor`,
  promoSeller: sql<number>`s.discount_minor`,
  netPrice: sql<number>`s.amount_minor`,
  pay: sql<number>`case when s.state = 'paid' then 1 when s.amount_minor = 0 then 2 else 0 end`,
  // What is owed (contract owedOnSale): the final price less the payments already made toward it.
  PendingPay: sql<number>`case when s.state = 'pending' and s.amount_minor > ${paidOnSaleSql} then s.amount_minor - ${paidOnSaleSql} else 0 end`,
};

/** Whether a sort's key is text (else a number): a cursor's value must be of that kind. */
export const textSorts: ReadonlySet<BillingSortKey> = new Set([
  'date',
  'datePay',
  'clientName',
  'title',
  'modality',
]);

export interface BillingQuery {
  sellerId: number;
  /** Narrows to one contact: their contact row and, when linked, their account's purchases. */
  contact: { id: number; userId: number | null } | null;
  /** Folded search words (search-fold.ts); each must be found in the sale's search text. */
  terms: string[];
  sort: BillingSortKey;
  dir: 'asc' | 'desc';
  /** Issue 34 filters (find-billing-all's state, from, to, currency, method). */
  filters?: BillingFilters;
}

export interface BillingFilters {
  state?: 'pending' | 'paid' | 'refunded' | 'void' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  currency?: string | undefined;
  method?: 'card' | 'cash' | 'transfer' | 'free' | 'manual' | undefined;
}

const refundOwed = sql<SqlBool>`exists (select 1 from payment_refunds rf where rf.sale_id = s.id)`;

/** The day after a YYYY-MM-DD day, as the start of an ISO instant range (the 'to' day is included). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Where a page starts: a row offset, or after the (sort value, ref) key of a cursor. */
export type BillingStart = { offset: number } | { after: SortKey };

function escapeLike(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The professional's listed sales matching the query, from the sales table alone: the index on
 * (seller, listed, consult_at, ref[, search text]) serves the filter, the count and the date
 * order; the search words are matched against the folded search column (a trigram index on
 * PostgreSQL finds rare words without scanning).
 */
function matching(db: DB, q: BillingQuery) {
  let query = db.selectFrom('sales as s').where('s.seller_id', '=', q.sellerId).where('s.listed', '=', 1);
  const contact = q.contact;
  if (contact) {
    // One client's sales: the contact's and, when linked, their account's purchases (the seller
    // filter above still applies to each). As a list of ids the database probes it cheaply
    // while it walks the professional's index in the table's order.
    let ids = db.selectFrom('sales').select('id').where('contact_id', '=', contact.id);
    if (contact.userId !== null) {
      ids = ids.union(db.selectFrom('sales').select('id').where('buyer_id', '=', contact.userId));
    }
    query = query.where('s.id', 'in', ids);
  }
  const f = q.filters ?? {};
  if (f.state === 'refunded') {
    query = query.where(sql<SqlBool>`(s.state = 'refunded' or (s.state = 'paid' and ${refundOwed}))`);
  } else if (f.state === 'paid') {
    query = query.where('s.state', '=', 'paid').where(sql<SqlBool>`not ${refundOwed}`);
  } else if (f.state) {
    query = query.where('s.state', '=', f.state);
  }
  if (f.from) query = query.where('s.consult_at', '>=', f.from);
  if (f.to) query = query.where('s.consult_at', '<', dayAfter(f.to));
  if (f.currency) query = query.where('s.currency', '=', f.currency);
  if (f.method) query = query.where('s.method', '=', f.method);
  for (const term of q.terms) {
    query = query.where(sql<SqlBool>`s.search_text like ${escapeLike(term)} escape '\\'`);
  }
  return query;
}

export async function countBilling(db: DB, q: BillingQuery): Promise<number> {
  const row = await matching(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page: `limit` rows from `start`, each with its sort key (for the next page's cursor), and
 * the number of matching rows when reading the page already told it (else null). In two
 * steps: the ids of the page (filter, sort, limit: only what ordering needs), then the columns
 * of those rows alone, so the joins and the payment lookup are done for 20 rows, not for every
 * sale of the professional.
 */
export async function listBilling(db: DB, q: BillingQuery, start: BillingStart, limit: number) {
  const order = sortExpressions[q.sort];
  // Date order is the order of the index holding the search text, and client order (without a
  // search) that of the client index: the page is read from the index and stops at `limit`.
  // Any other order sorts every match anyway, so the count rides along as a window. With a
  // search, the matches are first found in the index that holds the search text, then sorted;
  // else the database may walk another index of the same prefix and read every one of the
  // professional's rows to test the search.
  const indexOrdered = q.sort === 'date' || (q.sort === 'clientName' && q.terms.length === 0);
  const counted = !indexOrdered && 'offset' in start;
  const source =
    q.terms.length > 0 && q.sort !== 'date'
      ? db.selectFrom('sales as s').where('s.id', 'in', matching(db, q).select('s.id'))
      : matching(db, q);
  let query = source.select([
    's.id',
    's.ref',
    order.as('sortValue'),
    (counted ? sql<number | null>`count(*) over ()` : sql<number | null>`null`).as('total'),
  ]);
  if ('after' in start) query = query.where(keysetAfter([order, 's.ref'], q.dir, start.after));
  const page = await query
    .orderBy(order, q.dir)
    .orderBy('s.ref', q.dir)
    .limit(limit)
    .offset('offset' in start ? start.offset : 0)
    .execute();
  const rows = await rowsOf(
    db,
    page.map((r) => r.id),
  );
  const total = page[0]?.total;
  return {
    rows: page.flatMap((p) => {
      const row = rows.get(p.id);
      return row ? [{ ...row, sortKey: [p.sortValue, p.ref] as SortKey }] : [];
    }),
    total: total === undefined || total === null ? null : Number(total),
  };
}

/** At most this many ids in one IN list (SQLite takes 32,766 parameters; an export reads 50,000 rows). */
const idsPerRead = 1_000;

async function rowsOf(db: DB, ids: number[]) {
  const byId = new Map<number, Awaited<ReturnType<typeof readRows>>[number]>();
  for (let i = 0; i < ids.length; i += idsPerRead) {
    for (const row of await readRows(db, ids.slice(i, i + idsPerRead))) byId.set(row.id, row);
  }
  return byId;
}

function readRows(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sales as s')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .leftJoin('contacts as c', 'c.id', 's.contact_id')
    .leftJoin('users as u', 'u.id', 's.buyer_id')
    .leftJoin('payouts as po', 'po.id', 's.payout_id')
    .where('s.id', 'in', ids)
    .select([
      's.id',
      's.ref',
      's.kind',
      's.state',
      's.description',
      's.amount_minor as amountMinor',
      's.discount_minor as discountMinor',
      's.currency',
      's.paid_at as paidAt',
      's.commission_bp as commissionBp',
      's.commission_minor as commissionMinor',
      's.module_purchase_id as modulePurchaseId',
      's.consult_at as date',
      'b.ref as bookingRef',
      'po.ref as payoutRef',
      'po.created_at as payoutDate',
      'c.img as contactImg',
      'c.phone as contactPhone',
      'c.email as contactMail',
      'u.img as userImg',
      'u.phone as userPhone',
      'u.email as userMail',
    ])
    .select([
      clientName.as('clientName'),
      modalityOf(sql`s.kind`, sql`b.modality_id`).as('modality'),
      service.as('service'),
      complete.as('complete'),
      payId.as('payId'),
      paidOnSaleSql.as('paidMinor'),
      refundState.as('refundState'),
    ])
    .execute();
}

/** The course and module refs of module sales, for 'Ver contratación' and the moduleId column. */
export function moduleRefsOf(db: DB, purchaseIds: number[]) {
  if (purchaseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('module_purchases as p')
    .innerJoin('workshop_modules as m', 'm.id', 'p.module_id')
    .innerJoin('workshops as w', 'w.id', 'm.workshop_id')
    .select(['p.id', 'm.ref as moduleRef', 'w.ref as courseRef'])
    .where('p.id', 'in', purchaseIds)
    .execute();
}

/** A contact of this professional, by ref. */
export function findOwnContact(db: DB, professionalId: number, ref: string) {
  return db
    .selectFrom('contacts')
    .select(['id', 'user_id as userId'])
    .where('ref', '=', ref)
    .where('professional_id', '=', professionalId)
    .executeTakeFirst();
}

/** A sale of this seller, by ref (mark-pay-booking from the table). */
export function findOwnSale(db: DB, sellerId: number, ref: string) {
  return db
    .selectFrom('sales as s')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .select(['s.id', 's.kind', 's.state', 's.amount_minor as amountMinor', 'b.ref as bookingRef'])
    .where('s.ref', '=', ref)
    .where('s.seller_id', '=', sellerId)
    .executeTakeFirst();
}

export function ownerInfo(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['ref', 'time_zone as timeZone', 'country_id as countryId'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
