import {
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  sql,
} from 'kysely';
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

/** The id and the public ref a row is named by outside the server (ids never leave it). */
export function withRef<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id' | 'ref'> {
  return withId(table, dialect).addColumn('ref', 'varchar(64)', (c) => c.notNull().unique());
}

/** `created_at` then `updated_at`, both required ISO instants; use with `.$call(timestamps)`. */
export function timestamps<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'created_at' | 'updated_at'> {
  return table
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull());
}

type ColumnBuild = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** Adds columns to an existing table one ALTER at a time: SQLite accepts a single ADD COLUMN per statement. */
export function columnAdder(db: Kysely<unknown>, table: string) {
  return (column: string, type: ColumnDataType, build: ColumnBuild = (c) => c) =>
    db.schema.alterTable(table).addColumn(column, type, build).execute();
}

export async function index(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** A unique index; `whereNull` makes it partial: unique among the rows where that column is null. */
export async function uniqueIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  { whereNull }: { whereNull?: string } = {},
): Promise<void> {
  const unique = db.schema.createIndex(name).on(table).columns(columns).unique();
  await (whereNull ? unique.where(sql.ref(whereNull), 'is', null) : unique).execute();
}
