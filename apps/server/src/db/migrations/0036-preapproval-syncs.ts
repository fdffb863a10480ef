import type { Kysely, Migration } from 'kysely';
import { index, timestamps } from './column-helpers.ts';

/**
 * ADR 015 ("Keeping Mercado Pago's preapprovals in step"): what each Mercado Pago preapproval
 * should be, written in the same transaction as the change of plan or card that decides it, and
 * applied by timed work until Mercado Pago has accepted it. Mercado Pago debits the card by
 * itself, so a pause, cancel or amount that was only attempted once could leave the card charged.
 *
 * One row per preapproval (the latest wish wins): status authorized (with amount and currency),
 * paused or cancelled. `version` grows with every new wish, so an attempt that finishes after a
 * newer wish never marks that one done. state pending → done, or failed when the preapproval can
 * no longer take it (cancelled at Mercado Pago while we want it debiting). `attempts` counts the
 * failures of the current wish; `lease_until` keeps other instances off while one makes the call.
 */
export function preapprovalSyncs(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plan_preapproval_syncs')
        .addColumn('preapproval_id', 'varchar(120)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('amount_minor', 'integer')
        .addColumn('currency', 'varchar(3)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)')
        .addColumn('lease_until', 'varchar(32)')
        .addColumn('last_error', 'varchar(300)')
        .$call(timestamps)
        .execute();
      await index(db, 'plan_preapproval_syncs_due_idx', 'plan_preapproval_syncs', [
        'state',
        'next_attempt_at',
      ]);
      await index(db, 'plan_preapproval_syncs_user_idx', 'plan_preapproval_syncs', ['user_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('plan_preapproval_syncs').execute();
    },
  };
}
