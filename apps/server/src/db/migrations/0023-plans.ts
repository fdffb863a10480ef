import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, uniqueIndex, withId } from './column-helpers.ts';

/**
 * Issue 16, spec 002 §3/§4/§9: the professional's subscription and the plan prices.
 *
 * plan_subscriptions: one row per professional, created on first need with the 30-day trial
 * counted from the account's creation. plan_id mirrors users.user_plan and block_use mirrors
 * users.block_use (which the booking picker, the search and the slot check already read).
 * The paid period (period_start/end, duration days) and the monthly session cycle
 * (cycle_start/end, uses, gift_uses) are kept apart: a semiannual plan still counts sessions
 * per 30 days. selected_plan/selected_duration: the plan chosen during the trial, which starts
 * when the trial ends. amount_due_minor: what the last change or renewal left to collect (the
 * payment slice charges it).
 *
 * plan_prices: the administrator's table, one price per country, plan and duration in that
 * country's currency; country 55 (USD) answers for countries without their own row.
 */
export function plans(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plan_subscriptions')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('trial_ends_at', 'varchar(32)')
        .addColumn('trial_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('selected_plan', 'integer')
        .addColumn('selected_duration', 'integer')
        .addColumn('period_start', 'varchar(32)', (c) => c.notNull())
        .addColumn('period_end', 'varchar(32)', (c) => c.notNull())
        .addColumn('cycle_start', 'varchar(32)', (c) => c.notNull())
        .addColumn('cycle_end', 'varchar(32)', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('gift_uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('gift_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('block_use', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount_due_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('due_currency', 'varchar(3)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // The renewal sweep scans by the instants that fall due.
      await index(db, 'plan_subscriptions_cycle_idx', 'plan_subscriptions', ['cycle_end']);
      await index(db, 'plan_subscriptions_trial_idx', 'plan_subscriptions', ['trial_done', 'trial_ends_at']);

      await withId(db.schema.createTable('plan_prices'), dialect)
        .addColumn('country_id', 'integer', (c) => c.notNull())
        .addColumn('plan_id', 'integer', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await uniqueIndex(db, 'plan_prices_uq', 'plan_prices', ['country_id', 'plan_id', 'duration']);

      // Starting prices (monthly, in minor units); the administrator edits them. spec 002 §9:
      // semiannual saves 8.3% (6 months at 91.7%), annual pays 11 months.
      const monthly: { country: number; currency: string; prices: Record<number, number> }[] = [
        { country: 55, currency: 'USD', prices: { 1: 999, 2: 1999, 3: 2999 } },
        { country: 5, currency: 'ARS', prices: { 1: 9_999_00, 2: 19_999_00, 3: 29_999_00 } },
      ];
      const at = '2026-11-25T00:00:00.000Z';
      const rows = monthly.flatMap(({ country, currency, prices }) =>
        Object.entries(prices).flatMap(([plan, month]) =>
          [
            { duration: 30, amount: month },
            { duration: 180, amount: Math.round(month * 6 * (1 - 0.083)) },
            { duration: 365, amount: month * 11 },
          ].map((d) => ({
            country_id: country,
            plan_id: Number(plan),
            duration: d.duration,
            currency,
            amount_minor: d.amount,
            updated_at: at,
          })),
        ),
      );
      await (db as Kysely<{ plan_prices: (typeof rows)[number] }>)
        .insertInto('plan_prices')
        .values(rows)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('plan_prices').execute();
      await db.schema.dropTable('plan_subscriptions').execute();
    },
  };
}
