import { type Kysely, type Migration, sql } from 'kysely';
import { newRef } from '../../lib/random.ts';
import type { Dialect } from '../dialect.ts';
import { createSellerGateways } from './0016-seller-gateways.ts';
import { uniqueIndex, withRef } from './column-helpers.ts';

/**
 * A professional's own gateway keys collect card payments (issue 14; spec 002 §4 provider
 * choice). A payment must be verified, captured and refunded later with the very keys that
 * created it, so a key row is never overwritten: saving new keys retires the current row and
 * adds another (one live row per professional and pasarela). Each row has an id the payments
 * point at and a public ref that names the account in its webhook URL.
 *
 * payments.seller_gateway_id: the professional's keys that created the payment (null: the
 * platform's). sales.own_gateway: 1 when the card money went straight into the professional's
 * own account, so the platform takes no commission and no payout ever holds it.
 */
export function sellerGatewayAccounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('seller_gateways').renameTo('seller_gateways_0016').execute();
      await withRef(db.schema.createTable('seller_gateways'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('pasarela', 'integer', (c) => c.notNull())
        .addColumn('public_key_sealed', 'varchar(600)', (c) => c.notNull())
        .addColumn('secret_key_sealed', 'varchar(600)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('retired_at', 'varchar(32)')
        .execute();
      await uniqueIndex(db, 'seller_gateways_live_uq', 'seller_gateways', ['user_id', 'pasarela'], {
        whereNull: 'retired_at',
      });
      const saved = await sql<{
        user_id: number;
        pasarela: number;
        public_key_sealed: string;
        secret_key_sealed: string;
        updated_at: string;
      }>`select user_id, pasarela, public_key_sealed, secret_key_sealed, updated_at from seller_gateways_0016`.execute(
        db,
      );
      for (const row of saved.rows) {
        await sql`insert into seller_gateways (ref, user_id, pasarela, public_key_sealed, secret_key_sealed, created_at)
          values (${newRef()}, ${row.user_id}, ${row.pasarela}, ${row.public_key_sealed}, ${row.secret_key_sealed}, ${row.updated_at})`.execute(
          db,
        );
      }
      await db.schema.dropTable('seller_gateways_0016').execute();

      await db.schema
        .alterTable('payments')
        .addColumn('seller_gateway_id', 'integer', (c) => c.references('seller_gateways.id'))
        .execute();
      await db.schema
        .alterTable('sales')
        .addColumn('own_gateway', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sales').dropColumn('own_gateway').execute();
      await db.schema.alterTable('payments').dropColumn('seller_gateway_id').execute();
      await db.schema.dropTable('seller_gateways').execute();
      await createSellerGateways(db);
    },
  };
}
