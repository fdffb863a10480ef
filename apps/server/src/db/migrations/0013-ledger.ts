import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { columnAdder, index, withRef } from './column-helpers.ts';

/**
 * One ledger (issue 14): the platform commission frozen on each sale when it is paid, and the
 * payouts (cashouts) that group the paid card sales released to the professional after the
 * holding period. Cash and transfer sales never get a payout_id.
 */
export function ledger(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('payouts'), dialect)
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        /** What the professional receives: the sales' final amounts less the commission. */
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('sales_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'payouts_seller_idx', 'payouts', ['seller_id', 'created_at']);

      const addToSales = columnAdder(db, 'sales');
      await addToSales('commission_bp', 'integer');
      await addToSales('commission_minor', 'integer');
      await addToSales('payout_id', 'integer');
      // The payout sweep scans paid card sales without a payout by paid instant.
      await index(db, 'sales_payout_due_idx', 'sales', ['state', 'method', 'payout_id', 'paid_at']);
      // Sales paid before this migration keep their money as it was: commission 0 (nothing
      // was announced to the professional then).
      await sql`update sales set commission_bp = 0, commission_minor = 0 where state in ('paid', 'refunded')`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sales_payout_due_idx').execute();
      await db.schema.alterTable('sales').dropColumn('payout_id').execute();
      await db.schema.alterTable('sales').dropColumn('commission_minor').execute();
      await db.schema.alterTable('sales').dropColumn('commission_bp').execute();
      await db.schema.dropTable('payouts').execute();
    },
  };
}
