import { CompiledQuery } from 'kysely';
import type { DB, Dialect } from './database.ts';

/**
 * A short text that changes whenever anything is written to the database, by this instance or
 * any other, and stays the same while nothing is. An answer computed after reading the mark is
 * still current as long as the mark reads the same: the caches keyed on it need no list of the
 * writes that matter to them, so a write path added later cannot forget to invalidate them.
 *
 * - SQLite: `total_changes()` counts the rows this connection (every write of this process goes
 *   through Kysely's one connection) has inserted, updated or deleted; `data_version` moves when
 *   another connection or process commits to the file.
 * - PostgreSQL: the current snapshot (`xmin:xmax:in-progress list`). Every writing transaction
 *   takes a transaction id; when one commits, either `xmax` (one past the newest completed id)
 *   grows or its id leaves the in-progress list, so the text differs for every commit of every
 *   instance sharing the database. Read-only transactions take no id and leave it alone.
 *
 * Coarse on purpose: any write anywhere (another table, a session's idle refresh) changes it.
 * It is read through the query executor, so on SQLite it waits for an open transaction to end
 * like every other query.
 */
export async function readWriteMark(db: DB, dialect: Dialect): Promise<string> {
  // Compiled once: it runs on every cached search, and there is nothing to bind.
  const { rows } = await db.executeQuery<{ mark: string }>(
    dialect === 'postgres' ? postgresMark : sqliteMark,
  );
  return rows[0]?.mark ?? '';
}

const postgresMark = CompiledQuery.raw('select pg_current_snapshot()::text as mark');
const sqliteMark = CompiledQuery.raw(
  "select total_changes() || ':' || (select data_version from pragma_data_version) as mark",
);
