import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** An auto-increment integer key: INTEGER PRIMARY KEY on SQLite, an identity column on PostgreSQL. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
