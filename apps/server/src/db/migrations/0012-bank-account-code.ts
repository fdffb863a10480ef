import type { Kysely, Migration } from 'kysely';

/**
 * The bank form (spec 002 §3 "Bank account") picks the bank from the country's list by code and
 * reads it back as bankCode; bank_name keeps the name the buyer's transfer step shows. The price
 * confirmation's bank data (spec 000) names the bank in free text and leaves the code empty.
 */
export function bankAccountCode(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bank_accounts').addColumn('bank_code', 'varchar(8)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('bank_accounts').dropColumn('bank_code').execute();
    },
  };
}
