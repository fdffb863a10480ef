import type { Kysely, Migration } from 'kysely';

/**
 * Which posts the free plan paused (issue 16; spec 002 §4: switching to plan 4 keeps only the two
 * oldest posts and loses the workshops). The plan reuses the professional's own `paused` flag, so
 * clients see the same 'Pausado' state; `plan_paused` marks the ones the plan paused, so that an
 * upgrade resumes exactly those and never one the professional paused themselves.
 */
export function planPausedPosts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['publications', 'workshops']) {
        await db.schema
          .alterTable(table)
          .addColumn('plan_paused', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['publications', 'workshops']) {
        await db.schema.alterTable(table).dropColumn('plan_paused').execute();
      }
    },
  };
}
