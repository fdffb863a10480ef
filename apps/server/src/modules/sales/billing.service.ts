import type { BillingRow, BillingSortKey } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  type BillingQuery,
  countBilling,
  findOwnContact,
  listBilling,
  moduleRefsOf,
  type SearchTerm,
} from './billing.repository.ts';

export interface BillingFilter {
  consultantId?: string | undefined;
  search: string;
  sort: BillingSortKey;
  dir: 'asc' | 'desc';
}

/** An export reads at most this many rows (a year of a busy practice fits many times over). */
export const exportRowLimit = 50_000;

/**
 * The free-text search (spec 001 §2.3): every word must match one of the searched fields. A
 * date typed as the table shows it (dd/mm/yyyy, or dd/mm) is looked up as the stored ISO date.
 */
export function searchTerms(search: string): SearchTerm[] {
  return search
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5)
    .map((w) => {
      const full = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(w);
      if (full) w = `${full[3]}-${full[2]?.padStart(2, '0')}-${full[1]?.padStart(2, '0')}`;
      const short = /^(\d{1,2})\/(\d{1,2})$/.exec(w);
      if (short) w = `-${short[2]?.padStart(2, '0')}-${short[1]?.padStart(2, '0')}`;
      return { text: w.toLowerCase(), raw: w };
    });
}

async function query(
  deps: AppDeps,
  sellerId: number,
  filter: BillingFilter,
): Promise<Omit<BillingQuery, 'limit' | 'offset'>> {
  let contact: BillingQuery['contact'] = null;
  if (filter.consultantId) {
    const found = await findOwnContact(deps.db, sellerId, filter.consultantId);
    if (!found) throw new ActionError('E90');
    contact = found;
  }
  return { sellerId, contact, terms: searchTerms(filter.search), sort: filter.sort, dir: filter.dir };
}

/** spec 001 §7 find-billing-all: one page of the seller's sales, and how many match. */
export async function findBillingPage(
  deps: AppDeps,
  sellerId: number,
  filter: BillingFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: BillingRow[]; total: number }> {
  const q = await query(deps, sellerId, filter);
  const paged = { ...q, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const listed = await listBilling(deps.db, paged);
  // Past the last page the window count has no row to ride on; on the first, nothing matched.
  const total = listed.total ?? (paged.offset === 0 ? 0 : await countBilling(deps.db, q));
  return { rows: await toRows(deps, listed.rows), total };
}

/** Every matching row, for the spreadsheet. */
export async function findBillingForExport(deps: AppDeps, sellerId: number, filter: BillingFilter) {
  const q = await query(deps, sellerId, filter);
  return toRows(deps, (await listBilling(deps.db, { ...q, limit: exportRowLimit, offset: 0 })).rows);
}

type Listed = Awaited<ReturnType<typeof listBilling>>['rows'][number];

async function toRows(deps: AppDeps, rows: Listed[]): Promise<BillingRow[]> {
  const purchaseIds = rows.flatMap((r) => (r.modulePurchaseId === null ? [] : [r.modulePurchaseId]));
  const modules = new Map((await moduleRefsOf(deps.db, purchaseIds)).map((m) => [m.id, m]));
  return rows.map((r) => {
    const mod = r.modulePurchaseId === null ? undefined : modules.get(r.modulePurchaseId);
    const paid = r.state === 'paid';
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
      complete: r.complete === '2' ? '2' : '1',
      datePay: r.paidAt,
      PendingPay: r.state === 'pending' ? r.amountMinor : 0,
      canBill: false,
      billLink: null,
      comisionPorc: (r.commissionBp ?? 0) / 100,
      AmmountAs: r.commissionMinor ?? 0,
      cashout_id: r.payoutRef ?? null,
      payout_date: r.payoutDate ?? null,
      payId: r.payId,
    };
  });
}
