import { type InsertObject, sql } from 'kysely';
import type { DB } from './database.ts';
import type { Database } from './schema.ts';

/** The tables whose rows carry a generated integer `id`. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/** Inserts one row and answers the id the database gave it (RETURNING on SQLite and PostgreSQL). */
export async function insertReturningId<T extends TableWithId>(
  db: DB,
  table: T,
  row: InsertObject<Database, T>,
): Promise<number> {
  const inserted = await db
    .insertInto(table)
    .values(row)
    .returning(sql<number>`id`.as('id'))
    .executeTakeFirstOrThrow();
  return inserted.id;
}
