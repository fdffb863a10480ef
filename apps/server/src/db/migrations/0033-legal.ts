import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { uniqueIndex, withId } from './column-helpers.ts';

/**
 * Legal (issue 18): which version of the terms and the privacy policy each account accepted and
 * when (Ley 25.326 asks the controller to be able to show consent), and the closed accounts with
 * the date until which their clinical entries are kept (Ley 26.529 art. 18: ten years).
 */
export function legal(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('legal_acceptances'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('document', 'varchar(16)', (c) => c.notNull())
        .addColumn('version', 'varchar(32)', (c) => c.notNull())
        .addColumn('accepted_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .execute();
      // Accepting the same version twice changes nothing.
      await uniqueIndex(db, 'legal_acceptances_user_doc_version_idx', 'legal_acceptances', [
        'user_id',
        'document',
        'version',
      ]);

      await withId(db.schema.createTable('account_deletions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('user_ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_type', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('retain_clinical_until', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_deletions').execute();
      await db.schema.dropTable('legal_acceptances').execute();
    },
  };
}
