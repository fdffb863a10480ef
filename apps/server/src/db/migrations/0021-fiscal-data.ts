import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

/**
 * spec 002 §3 "Fiscal data" (issue 15): the professional's own (update-afip-data mode 1, one row
 * per account) and the client's a professional invoices to (mode 2, one row per contact, so the
 * invoice popup opens with what was used last time). Codes are AFIP's (condición frente al IVA,
 * tipo de documento); the CUIT/CUIL/DNI is kept as digits.
 */
/** Who an invoice names, the same on both sides: name, address, IVA condition and document. */
function fiscalIdentity<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('razon_social', 'varchar(250)', (c) => c.notNull())
    .addColumn('domicilio_fiscal', 'varchar(250)', (c) => c.notNull())
    .addColumn('condicion_iva', 'integer', (c) => c.notNull())
    .addColumn('doc_tipo', 'integer', (c) => c.notNull())
    .addColumn('cuit', 'varchar(11)', (c) => c.notNull());
}

export function fiscalData(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fiscal_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .$call(fiscalIdentity)
        .addColumn('punto_venta', 'integer', (c) => c.notNull())
        .addColumn('fecha_inicio', 'varchar(10)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('contact_fiscal_data')
        .addColumn('contact_id', 'integer', (c) => c.primaryKey().references('contacts.id'))
        .$call(fiscalIdentity)
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('contact_fiscal_data').execute();
      await db.schema.dropTable('fiscal_profiles').execute();
    },
  };
}
