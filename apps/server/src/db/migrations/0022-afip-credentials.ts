import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { timestamps, withId, withRef } from './column-helpers.ts';

/**
 * AFIP (issue 15, ADR 014). `environment` is which AFIP a row belongs to ('imitacion',
 * 'homologacion', 'produccion'): a certificate or a ticket of one is worthless at another.
 *
 * afip_credentials: a professional's key (sealed with KEY_ENCRYPTION_KEY), the CSR they upload
 * to AFIP and, once uploaded, the certificate AFIP returned (sealed too).
 * afip_tickets: WSAA login tickets shared by every instance (WSAA refuses a second login while
 * one lives), reused until they expire.
 * afip_sequences: one row per (CUIT, point of sale, voucher type) whose lease lets one issuer at
 * a time ask for the next number, without holding a transaction across the call to AFIP.
 * afip_requests: what was asked of FECAESolicitar under a caller's ref, so a lost answer is
 * settled with FECompConsultar and a retry with the same ref never takes a second number.
 */
export function afipCredentials(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('afip_credentials'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('environment', 'varchar(16)', (c) => c.notNull())
        .addColumn('cuit', 'varchar(11)', (c) => c.notNull())
        .addColumn('private_key_sealed', 'text', (c) => c.notNull())
        .addColumn('csr_pem', 'text', (c) => c.notNull())
        .addColumn('certificate_sealed', 'text')
        .addColumn('certificate_expires_at', 'varchar(32)')
        .$call(timestamps)
        .execute();

      await db.schema
        .createTable('afip_tickets')
        .addColumn('environment', 'varchar(16)', (c) => c.notNull())
        .addColumn('cuit', 'varchar(11)', (c) => c.notNull())
        .addColumn('service', 'varchar(32)', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('sign', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('afip_tickets_pk', ['environment', 'cuit', 'service'])
        .execute();

      await db.schema
        .createTable('afip_sequences')
        .addColumn('environment', 'varchar(16)', (c) => c.notNull())
        .addColumn('cuit', 'varchar(11)', (c) => c.notNull())
        .addColumn('point_of_sale', 'integer', (c) => c.notNull())
        .addColumn('voucher_type', 'integer', (c) => c.notNull())
        .addColumn('lease_token', 'varchar(64)')
        .addColumn('lease_expires_at', 'varchar(32)')
        .addPrimaryKeyConstraint('afip_sequences_pk', [
          'environment',
          'cuit',
          'point_of_sale',
          'voucher_type',
        ])
        .execute();

      await withRef(db.schema.createTable('afip_requests'), dialect)
        .addColumn('environment', 'varchar(16)', (c) => c.notNull())
        .addColumn('cuit', 'varchar(11)', (c) => c.notNull())
        .addColumn('point_of_sale', 'integer', (c) => c.notNull())
        .addColumn('voucher_type', 'integer', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('cae', 'varchar(14)')
        .addColumn('cae_expiry', 'varchar(10)')
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('document_number', 'varchar(20)', (c) => c.notNull())
        .$call(timestamps)
        .addUniqueConstraint('afip_requests_number_uq', [
          'environment',
          'cuit',
          'point_of_sale',
          'voucher_type',
          'number',
        ])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('afip_requests').execute();
      await db.schema.dropTable('afip_sequences').execute();
      await db.schema.dropTable('afip_tickets').execute();
      await db.schema.dropTable('afip_credentials').execute();
    },
  };
}
