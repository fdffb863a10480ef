import type { Kysely, Migration } from 'kysely';

/** spec 002 §3 "Payment options per user": how the professional's clients may pay (1 on, 0 off). */
export function paymentOptions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_options')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('pay_card', 'integer', (c) => c.notNull())
        .addColumn('pay_cash', 'integer', (c) => c.notNull())
        .addColumn('pay_money', 'integer', (c) => c.notNull())
        .addColumn('notify_debt', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payment_options').execute();
    },
  };
}
