import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, uniqueIndex, withRef } from './column-helpers.ts';

/**
 * Issued invoices (issue 15, spec 001 §4 Invoice, spec 002 §7 afip-billing). One per sale at
 * most (sale_id unique): the database itself refuses a second invoice of a sale, whatever two
 * 'Facturar' clicks race. What was printed is kept as issued (issuer and receptor data, concept,
 * amounts, CAE), so the PDF can be rebuilt and later edits of fiscal data never rewrite an
 * invoice. The PDF lives in private storage (storage_key under DATA_DIR/private/invoices).
 */
export function invoices(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('invoices'), dialect)
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().unique().references('sales.id'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
        .addColumn('environment', 'varchar(16)', (c) => c.notNull())
        .addColumn('issuer_cuit', 'varchar(11)', (c) => c.notNull())
        .addColumn('issuer_name', 'varchar(250)', (c) => c.notNull())
        .addColumn('issuer_address', 'varchar(250)', (c) => c.notNull())
        .addColumn('issuer_condition', 'integer', (c) => c.notNull())
        .addColumn('issuer_start', 'varchar(10)', (c) => c.notNull())
        .addColumn('point_of_sale', 'integer', (c) => c.notNull())
        .addColumn('voucher_type', 'integer', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('service_from', 'varchar(10)', (c) => c.notNull())
        .addColumn('service_to', 'varchar(10)', (c) => c.notNull())
        .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('receptor_name', 'varchar(250)', (c) => c.notNull())
        .addColumn('receptor_address', 'varchar(250)', (c) => c.notNull())
        .addColumn('receptor_condition', 'integer', (c) => c.notNull())
        .addColumn('receptor_doc_type', 'integer', (c) => c.notNull())
        .addColumn('receptor_doc_number', 'varchar(11)', (c) => c.notNull())
        .addColumn('concept', 'varchar(300)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('total_minor', 'integer', (c) => c.notNull())
        .addColumn('net_minor', 'integer', (c) => c.notNull())
        .addColumn('vat_minor', 'integer', (c) => c.notNull())
        .addColumn('cae', 'varchar(14)', (c) => c.notNull())
        .addColumn('cae_expiry', 'varchar(10)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(255)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // An AFIP number is issued once per (environment, CUIT, point of sale, type).
      await uniqueIndex(db, 'invoices_number_unique', 'invoices', [
        'environment',
        'issuer_cuit',
        'point_of_sale',
        'voucher_type',
        'number',
      ]);
      await index(db, 'invoices_seller', 'invoices', ['seller_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoices').execute();
    },
  };
}
