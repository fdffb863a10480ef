import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, withId } from './column-helpers.ts';

/**
 * Starting rates (units per USD, late 2026 order of magnitude); administrators keep them
 * current on admin/exchange-rates. No network is needed to run.
 */
const seededRates: [string, string][] = [
  ['USD', '1'],
  ['ARS', '1450'],
  ['BRL', '5.35'],
  ['EUR', '0.86'],
  ['MXN', '18.4'],
  ['CLP', '940'],
  ['COP', '3850'],
  ['PEN', '3.38'],
  ['UYU', '39.8'],
];

export function search(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('exchange_rates'), dialect)
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().unique())
        .addColumn('units_per_usd', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      const at = '2026-01-01T00:00:00.000Z';
      await db
        .withTables<{ exchange_rates: { currency: string; units_per_usd: string; updated_at: string } }>()
        .insertInto('exchange_rates')
        .values(seededRates.map(([currency, rate]) => ({ currency, units_per_usd: rate, updated_at: at })))
        .execute();

      // The search gender filter reads the professional's gender: 1 Hombre, 2 Mujer, 3 Transgenero.
      await db.schema.alterTable('users').addColumn('gender', 'integer').execute();

      // search-publications walks live publications newest first; the filters have their own
      // indexes (therapy, country/state/city, symptom) from the catalogue migration.
      await index(db, 'publications_live_idx', 'publications', ['paused', 'id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('publications_live_idx').execute();
      await db.schema.alterTable('users').dropColumn('gender').execute();
      await db.schema.dropTable('exchange_rates').execute();
    },
  };
}
