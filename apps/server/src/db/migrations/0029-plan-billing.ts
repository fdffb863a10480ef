import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withRef } from './column-helpers.ts';

/**
 * Issue 16, spec 002 §7/§8/§9: the card that pays a professional's plan and the plan's charges
 * (ADR 015, "Card linking and charges").
 *
 * plan_cards: one per professional. provider 'stripe' (a customer and the payment method saved
 * by a Checkout session in setup mode) or 'mercadopago' (a preapproval made with a card token).
 * state pending (the hosted page is open) → linked, or rejected with the provider's message.
 *
 * plan_charges: what a plan owes, charged as timed work claimed from the database: pending with
 * next_attempt_at, approved, or failed after the last retry (which blocks the plan:
 * plan_subscriptions.payment_blocked). Each charge is a sale of the ledger (kind 'plan', the
 * platform's account as the seller); pay_ref is our payment ref when it is paid through a hosted
 * page (semiannual and annual plans without a card).
 *
 * plan_billing_events: the providers' notifications already applied (a replay does nothing).
 */
export function planBilling(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plan_cards')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('provider', 'varchar(20)', (c) => c.notNull())
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('setup_id', 'varchar(120)')
        .addColumn('customer_id', 'varchar(120)')
        .addColumn('method_id', 'varchar(120)')
        .addColumn('last_four', 'varchar(4)')
        .addColumn('message', 'varchar(300)')
        .$call(timestamps)
        .execute();
      await index(db, 'plan_cards_setup_idx', 'plan_cards', ['setup_id']);

      await withRef(db.schema.createTable('plan_charges'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)')
        .addColumn('last_error', 'varchar(300)')
        .addColumn('provider', 'varchar(20)')
        .addColumn('provider_charge_id', 'varchar(120)')
        .$call(timestamps)
        .execute();
      await index(db, 'plan_charges_due_idx', 'plan_charges', ['state', 'next_attempt_at']);
      await index(db, 'plan_charges_user_idx', 'plan_charges', ['user_id']);

      await db.schema
        .createTable('plan_billing_events')
        .addColumn('provider', 'varchar(20)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('plan_billing_events_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .alterTable('plan_subscriptions')
        .addColumn('payment_blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('plan_subscriptions').dropColumn('payment_blocked').execute();
      await db.schema.dropTable('plan_billing_events').execute();
      await db.schema.dropTable('plan_charges').execute();
      await db.schema.dropTable('plan_cards').execute();
    },
  };
}
