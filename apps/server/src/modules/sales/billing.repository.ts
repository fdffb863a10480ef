import type { BillingSortKey } from '@agendo/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * The table's derived columns, written once so the select, the sort and the search agree.
 * The client is the contact when the sale has one, else the buying account.
 */
const clientName = sql<string>`coalesce(c.first_name || ' ' || c.last_name, u.first_name || ' ' || u.last_name, '')`;
const consultDate = sql<string>`coalesce(b.starts_at, s.created_at)`;
const modality = sql<string>`case when s.kind = 'module' then 'Curso' when b.modality_id = 2 then 'Presencial' else 'Online' end`;
const service = sql<string>`case when s.kind = 'module' then 'Curso' else 'Sesión' end`;
/** '2' (spec 001 §4): the contracting ended without payment. */
const complete = sql<string>`case when s.state in ('void', 'refunded') then '2' else '1' end`;
const payFlag = sql<number>`case when s.state = 'paid' then 1 when s.amount_minor = 0 then 2 else 0 end`;
const debt = sql<number>`case when s.state = 'pending' and s.amount_minor > 0 then s.amount_minor else 0 end`;
const payId = sql<
  string | null
>`(select min(p.ref) from payments p where p.sale_id = s.id and p.state = 'approved')`;

const sortExpressions: Record<BillingSortKey, Expression<unknown>> = {
  date: consultDate,
  datePay: sql`s.paid_at`,
  clientName: sql`lower(${clientName})`,
  title: sql`lower(s.description)`,
  modality,
  price: sql`s.amount_minor + s.discount_minor`,
  promoSeller: sql`s.discount_minor`,
  netPrice: sql`s.amount_minor`,
  pay: payFlag,
  PendingPay: debt,
};

/** A word of the search: lower-cased for names and titles, as typed for refs (case-sensitive ids). */
export interface SearchTerm {
  text: string;
  raw: string;
}

/** The fixed labels of the modality and service columns, matched here rather than per row. */
const labels = { online: 'online', presencial: 'presencial', curso: 'curso', sesion: ['sesión', 'sesion'] };

export interface BillingQuery {
  sellerId: number;
  /** Narrows to one contact: their contact row and, when linked, their account's purchases. */
  contact: { id: number; userId: number | null } | null;
  /** Search terms; each must match one of the searched fields. */
  terms: SearchTerm[];
  sort: BillingSortKey;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function escapeLike(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function base(db: DB, q: Omit<BillingQuery, 'limit' | 'offset'>) {
  let query = db
    .selectFrom('sales as s')
    .leftJoin('bookings as b', 'b.id', 's.booking_id')
    .leftJoin('contacts as c', 'c.id', 's.contact_id')
    .leftJoin('users as u', 'u.id', 's.buyer_id')
    .leftJoin('payouts as po', 'po.id', 's.payout_id')
    .where('s.seller_id', '=', q.sellerId)
    // A cart that is still held, or lapsed before anyone paid, was never a contracting.
    .where((eb) =>
      eb.and([
        eb.or([eb('b.state', 'is', null), eb('b.state', '!=', 'held')]),
        eb.or([
          eb('s.state', '!=', 'void'),
          eb.and([
            eb('b.id', 'is not', null),
            eb('b.cancel_reason', 'is not', null),
            eb('b.cancel_reason', '!=', 'expired'),
          ]),
        ]),
      ]),
    );
  const contact = q.contact;
  if (contact) {
    query = query.where((eb) =>
      contact.userId === null
        ? eb('s.contact_id', '=', contact.id)
        : eb.or([eb('s.contact_id', '=', contact.id), eb('s.buyer_id', '=', contact.userId)]),
    );
  }
  for (const term of q.terms) {
    const like = escapeLike(term.text);
    const likeRaw = escapeLike(term.raw);
    // Labels are known words: which of them contain the term is decided once, not per row.
    const inLabel = (label: string) => label.includes(term.text);
    const labelMatches: RawBuilder<SqlBool>[] = [];
    if (inLabel(labels.curso)) labelMatches.push(sql<SqlBool>`s.kind = 'module'`);
    if (inLabel(labels.presencial))
      labelMatches.push(sql<SqlBool>`(s.kind <> 'module' and b.modality_id = 2)`);
    if (inLabel(labels.online) || labels.sesion.some(inLabel)) {
      labelMatches.push(
        inLabel(labels.online) && !labels.sesion.some(inLabel)
          ? sql<SqlBool>`(s.kind <> 'module' and coalesce(b.modality_id, 1) <> 2)`
          : sql<SqlBool>`s.kind <> 'module'`,
      );
    }
    const labelSql = labelMatches.length > 0 ? sql`or ${sql.join(labelMatches, sql` or `)}` : sql``;
    query = query.where(
      sql<SqlBool>`(lower(${clientName}) like ${like} escape '\\'
          or lower(s.description) like ${like} escape '\\'
          ${labelSql}
          or s.ref like ${likeRaw} escape '\\'
          or po.ref like ${likeRaw} escape '\\'
          or ${consultDate} like ${like} escape '\\'
          or s.id in (select p.sale_id from payments p where p.state = 'approved' and p.ref like ${likeRaw} escape '\\'))`,
    );
  }
  return query;
}

export async function countBilling(db: DB, q: Omit<BillingQuery, 'limit' | 'offset'>): Promise<number> {
  const row = await base(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page and the number of matching rows (null when the page is past the end). In two steps: the ids of the page (filter, sort, limit: only what ordering needs), then
 * the columns of those rows alone, so the payment lookup and the wide rows are not built for
 * every sale of the professional before the sort throws all but a page away.
 */
export async function listBilling(db: DB, q: BillingQuery) {
  // The total rides along as a window count: one pass over the matching rows, not two.
  const page = await base(db, q)
    .select(['s.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy(sortExpressions[q.sort], q.dir)
    .orderBy('s.id', q.dir)
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  if (page.length === 0) return { rows: [], total: null };
  const total = Number(page[0]?.total ?? 0);
  const ids = page.map((r) => r.id);
  const rows = await db
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
      consultDate.as('date'),
      modality.as('modality'),
      service.as('service'),
      complete.as('complete'),
      payId.as('payId'),
    ])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
    total,
  };
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
