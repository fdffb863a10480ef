import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withId } from './column-helpers.ts';

/**
 * The refunds owed: written in the transaction that cancels what was paid, so a provider that
 * fails afterwards leaves a row the timed work retries (issue 12 "Refunds"). One row per
 * payment: a payment is never refunded twice, however often cancellation or a webhook asks.
 */
export function paymentRefunds(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('payment_refunds'), dialect)
        /** Also the idempotency key sent to providers that take one. */
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        /** pending | done | flagged. */
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_error', 'varchar(1000)')
        .addColumn('provider_refund_id', 'varchar(200)')
        .$call(timestamps)
        .execute();
      await index(db, 'payment_refunds_due_idx', 'payment_refunds', ['state', 'next_attempt_at']);
      await index(db, 'payment_refunds_sale_idx', 'payment_refunds', ['sale_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payment_refunds').execute();
    },
  };
}
