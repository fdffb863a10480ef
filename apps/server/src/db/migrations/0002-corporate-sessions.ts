import type { Kysely, Migration } from 'kysely';

/**
 * spec 000 §6 and 001 §6: a corporate (team) session acts for the corporate account that owns
 * the data, under a permission map. The member's own user stays on `user_id` for auditing.
 */
export function corporateSessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('corporate_owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('sessions').addColumn('permissions', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('permissions').execute();
      await db.schema.alterTable('sessions').dropColumn('corporate_owner_id').execute();
    },
  };
}
