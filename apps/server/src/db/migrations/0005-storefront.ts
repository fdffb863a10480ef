import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { withId } from './column-helpers.ts';

export function storefront(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('questions'), dialect)
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
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
      await db.schema
        .createIndex('questions_publication_idx')
        .on('questions')
        .columns(['publication_id', 'hidden', 'created_at'])
        .execute();

      await withId(db.schema.createTable('question_reports'), dialect)
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target', 'varchar(1)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // Once per user and item: a repeated report is a no-op (spec 000 §8 hides the button).
      await db.schema
        .createIndex('question_reports_once_idx')
        .on('question_reports')
        .columns(['question_id', 'target', 'user_id'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('question_reports').execute();
      await db.schema.dropTable('questions').execute();
    },
  };
}
