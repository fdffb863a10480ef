import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, uniqueIndex, withId, withRef } from './column-helpers.ts';

export function storefront(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('questions'), dialect)
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('professional_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('asker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'varchar(500)', (c) => c.notNull())
        .addColumn('answer', 'varchar(1000)')
        .addColumn('answered_at', 'varchar(32)')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('answer_hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // find-questions pages a publication's visible questions, newest first.
      await index(db, 'questions_publication_idx', 'questions', ['publication_id', 'hidden', 'created_at']);

      await withId(db.schema.createTable('question_reports'), dialect)
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target', 'varchar(1)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // Once per user and item: a repeated report is a no-op (spec 000 §8 hides the button).
      await uniqueIndex(db, 'question_reports_once_idx', 'question_reports', [
        'question_id',
        'target',
        'user_id',
      ]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('question_reports').execute();
      await db.schema.dropTable('questions').execute();
    },
  };
}
