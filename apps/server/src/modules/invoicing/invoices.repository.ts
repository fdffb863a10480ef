import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { InvoicesTable } from '../../db/tables/afip.ts';

export type NewInvoice = Insertable<InvoicesTable>;

/**
 * This seller's sales, each beside its client contact (c): the sale's own, or this seller's
 * live contact of the buying account; a sale with neither has c's columns null. Ordered by
 * contact so the first row of a sale is the one 'Facturar' and the invoice take.
 */
function salesWithClientContact(db: DB, sellerId: number) {
  return db
    .selectFrom('sales as s')
    .leftJoin('contacts as c', (join) =>
      join
        .on('c.professional_id', '=', sellerId)
        .on('c.deleted_at', 'is', null)
        .on((eb) =>
          eb.or([
            eb('c.id', '=', eb.ref('s.contact_id')),
            eb.and([eb('s.contact_id', 'is', null), eb('c.user_id', '=', eb.ref('s.buyer_id'))]),
          ]),
        ),
    )
    .where('s.seller_id', '=', sellerId)
    .orderBy('c.id');
}

/**
 * A sale of this seller by ref, with what the invoice needs: its state and amount, the
 * consultation date (the service period) and the client's contact.
 */
export function findSaleToInvoice(db: DB, sellerId: number, ref: string) {
  return salesWithClientContact(db, sellerId)
    .select([
      's.id',
      's.ref',
      's.state',
      's.currency',
      's.amount_minor as amountMinor',
      's.description',
      's.consult_at as consultAt',
      's.created_at as createdAt',
      'c.id as contactId',
      'c.ref as contactRef',
      'c.first_name as contactFirstName',
      'c.obra_social as obraSocial',
      'c.num_obra_social as numObraSocial',
    ])
    .where('s.ref', '=', ref)
    .executeTakeFirst();
}

export function findInvoiceOfSale(db: DB, saleId: number) {
  return db.selectFrom('invoices').selectAll().where('sale_id', '=', saleId).executeTakeFirst();
}

/** An invoice of this seller by its ref (the PDF route); undefined for anyone else's. */
export function findOwnInvoice(db: DB, sellerId: number, ref: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('ref', '=', ref)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
}

/**
 * Records an issued invoice. A second invoice of the same sale is refused by the unique sale_id
 * and answers false (the caller reads the one that won).
 */
export async function insertInvoice(db: DB, row: NewInvoice): Promise<boolean> {
  const result = await db
    .insertInto('invoices')
    .values(row)
    .onConflict((oc) => oc.column('sale_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setInvoiceFile(db: DB, id: number, storageKey: string) {
  await db.updateTable('invoices').set({ storage_key: storageKey }).where('id', '=', id).execute();
}

/** The invoices of these sales, by sale id (the sales table's billLink). */
export async function invoiceRefsOfSales(db: DB, saleRefs: readonly string[]) {
  if (saleRefs.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('sales as s', 's.id', 'i.sale_id')
    .select(['s.ref as saleRef', 'i.ref'])
    .where('s.ref', 'in', [...saleRefs])
    .execute();
  return new Map(rows.map((r) => [r.saleRef, r.ref]));
}

/**
 * The client contact of each of these sales of one seller (the sale's own contact, else the
 * seller's contact of the buying account), by sale ref: whom 'Facturar' invoices.
 */
export async function invoiceContactsOfSales(db: DB, sellerId: number, saleRefs: readonly string[]) {
  if (saleRefs.length === 0) return new Map<string, string>();
  const rows = await salesWithClientContact(db, sellerId)
    .select(['s.ref as saleRef', 'c.ref as contactRef'])
    .where('s.ref', 'in', [...saleRefs])
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) if (r.contactRef !== null && !out.has(r.saleRef)) out.set(r.saleRef, r.contactRef);
  return out;
}

export function sellerCountry(db: DB, userId: number) {
  return db.selectFrom('users').select('country_id').where('id', '=', userId).executeTakeFirstOrThrow();
}
