import type { Kysely, Migration } from 'kysely';

/**
 * A professional's own payment gateway keys (spec 002 §3 "Seller payment config"): pasarela 3
 * Mercado Pago, 4 PayPal. Both keys are sealed with KEY_ENCRYPTION_KEY (lib/secret-box.ts).
 */
/** This migration's table: one row per professional and pasarela; 0019's down brings it back. */
export async function createSellerGateways(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_gateways')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('pasarela', 'integer', (c) => c.notNull())
    .addColumn('public_key_sealed', 'varchar(600)', (c) => c.notNull())
    .addColumn('secret_key_sealed', 'varchar(600)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('seller_gateways_pk', ['user_id', 'pasarela'])
    .execute();
}

export function sellerGateways(): Migration {
  return {
    up: createSellerGateways,
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('seller_gateways').execute();
    },
  };
}
