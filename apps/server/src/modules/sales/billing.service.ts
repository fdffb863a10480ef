import { type BillingRow, type BillingSortKey, owedOnSale, saleRefunding } from '@agendo/contract';
import { foldForSearch } from '../../db/search-fold.ts';
import type { AppDeps } from '../../deps.ts';
import { decodeCursor, encodeCursor } from '../../lib/page-cursor.ts';
import { ActionError } from '../../rpc-errors.ts';
import { invoiceCells } from '../invoicing/invoices.service.ts';
import {
  type BillingFilters,
  type BillingQuery,
  type BillingStart,
  countBilling,
  findOwnContact,
  listBilling,
  moduleRefsOf,
  textSorts,
} from './billing.repository.ts';

export interface BillingFilter {
  consultantId?: string | undefined;
  search: string;
  sort: BillingSortKey;
  dir: 'asc' | 'desc';
  filters?: BillingFilters;
}

/** An export reads at most this many rows (a year of a busy practice fits many times over). */
export const exportRowLimit = 50_000;

/**
 * The free-text search (spec 001 §2.3): every word must match one of the searched fields,
 * without regard to case or accents ('lucia' finds 'Lucía'). A date typed as the table shows
 * it (dd/mm/yyyy, or dd/mm) is looked up as the stored ISO date.
 */
export function searchTerms(search: string): string[] {
  return search
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5)
    .map((w) => {
      const full = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(w);
      if (full) w = `${full[3]}-${full[2]?.padStart(2, '0')}-${full[1]?.padStart(2, '0')}`;
      const short = /^(\d{1,2})\/(\d{1,2})$/.exec(w);
      if (short) w = `-${short[2]?.padStart(2, '0')}-${short[1]?.padStart(2, '0')}`;
      return foldForSearch(w);
    });
}

async function query(deps: AppDeps, sellerId: number, filter: BillingFilter): Promise<BillingQuery> {
  let contact: BillingQuery['contact'] = null;
  if (filter.consultantId) {
    const found = await findOwnContact(deps.db, sellerId, filter.consultantId);
    if (!found) throw new ActionError('E90');
    contact = found;
  }
  return {
    sellerId,
    contact,
    terms: searchTerms(filter.search),
    sort: filter.sort,
    dir: filter.dir,
    filters: filter.filters ?? {},
  };
}

/**
 * A cursor carries the sort and direction it was issued for with the key of the last row
 * (its sort value and ref); one sent back with another order, or a value of the wrong kind,
 * is bad input (E1), not a page of something else.
 */
function startAfter(cursor: string, q: BillingQuery): BillingStart {
  const [sort, dir, value, ref] = decodeCursor(cursor, 4);
  if (
    sort !== q.sort ||
    dir !== q.dir ||
    typeof ref !== 'string' ||
    typeof value !== (textSorts.has(q.sort) ? 'string' : 'number')
  ) {
    throw new ActionError('E1');
  }
  return { after: [value as string | number, ref] };
}

/**
 * spec 001 §7 find-billing-all: one page of the seller's sales, how many match (the pager's
 * total) and the cursor of the page after.
 */
export async function findBillingPage(
  deps: AppDeps,
  sellerId: number,
  filter: BillingFilter,
  page: { page: number; pageSize: number; next?: string | number | undefined },
): Promise<{ rows: BillingRow[]; total: number; next: string | null }> {
  const q = await query(deps, sellerId, filter);
  const start: BillingStart =
    typeof page.next === 'string'
      ? startAfter(page.next, q)
      : { offset: page.next ?? (page.page - 1) * page.pageSize };
  // One more row than the page says whether a next page exists.
  const listed = await listBilling(deps.db, q, start, page.pageSize + 1);
  const shown = listed.rows.slice(0, page.pageSize);
  const last = shown.at(-1);
  const more = listed.rows.length > page.pageSize;
  const next = more && last ? encodeCursor([q.sort, q.dir, ...last.sortKey]) : null;
  // A page that ends the list says the total itself: a rare search word costs one pass over
  // the professional's index entries, not two. Otherwise (or after a cursor) they are counted.
  const total =
    listed.total ??
    ('offset' in start && !more && (shown.length > 0 || start.offset === 0)
      ? start.offset + shown.length
      : await countBilling(deps.db, q));
  return { rows: await toRows(deps, sellerId, shown), total, next };
}

/** Every matching row, for the spreadsheet. */
export async function findBillingForExport(deps: AppDeps, sellerId: number, filter: BillingFilter) {
  const q = await query(deps, sellerId, filter);
  return toRows(deps, sellerId, (await listBilling(deps.db, q, { offset: 0 }, exportRowLimit)).rows);
}

type Listed = Awaited<ReturnType<typeof listBilling>>['rows'][number];

async function toRows(deps: AppDeps, sellerId: number, rows: Listed[]): Promise<BillingRow[]> {
  const purchaseIds = rows.flatMap((r) => (r.modulePurchaseId === null ? [] : [r.modulePurchaseId]));
  const [moduleRows, invoices] = await Promise.all([
    moduleRefsOf(deps.db, purchaseIds),
    invoiceCells(deps, sellerId, rows),
  ]);
  const modules = new Map(moduleRows.map((m) => [m.id, m]));
  return rows.map((r) => {
    const invoice = invoices.get(r.ref);
    const mod = r.modulePurchaseId === null ? undefined : modules.get(r.modulePurchaseId);
    const paid = r.state === 'paid';
    // Money owed back (issue 34): the platform keeps no commission of it.
    const refunding = saleRefunding(r);
    return {
      id: r.ref,
      sellId: r.ref,
      date: r.date,
      clientName: r.clientName,
      imgClient: r.contactImg ?? r.userImg ?? null,
      clientPhone: r.contactPhone ?? r.userPhone ?? null,
      clientMail: r.contactMail ?? r.userMail ?? null,
      title: r.description,
      service: r.service,
      modality: r.modality,
      modeSell: r.kind === 'module' ? '2' : '1',
      bookingRef: r.bookingRef ?? null,
      courseRef: mod?.courseRef ?? null,
      moduleId: mod?.moduleRef ?? null,
      currency: r.currency,
      price: r.amountMinor + r.discountMinor,
      promoSeller: r.discountMinor,
      netPrice: r.amountMinor,
      pay: paid ? 1 : r.amountMinor === 0 ? '--' : 0,
      state: r.state,
      refundState: r.refundState ?? null,
      complete: r.complete === '2' ? '2' : '1',
      datePay: r.paidAt,
      PendingPay: owedOnSale({ state: r.state, amountMinor: r.amountMinor, paidMinor: Number(r.paidMinor) }),
      // spec 001 §4 Invoice (issue 15).
      canBill: invoice?.canBill ?? false,
      billLink: invoice?.billLink ?? null,
      customerId: invoice?.customerId ?? null,
      comisionPorc: refunding ? 0 : (r.commissionBp ?? 0) / 100,
      AmmountAs: refunding ? 0 : (r.commissionMinor ?? 0),
      cashout_id: r.payoutRef ?? null,
      payout_date: r.payoutDate ?? null,
      payId: r.payId,
    };
  });
}
