import type { Kysely, Migration } from 'kysely';
import { index } from './column-helpers.ts';

/**
 * A client's balances (issue 14, wallet-account) gather the sales they take part in through
 * their appointments and the professionals' contacts linked to their account, not only the
 * sales they bought: these two indexes let that lookup start from the client instead of
 * reading every sale.
 */
export function salesPartyIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await index(db, 'sales_booking_idx', 'sales', ['booking_id']);
      await index(db, 'sales_contact_idx', 'sales', ['contact_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sales_contact_idx').execute();
      await db.schema.dropIndex('sales_booking_idx').execute();
    },
  };
}
