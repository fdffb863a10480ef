import { sql } from 'kysely';
import { type DB, inTransaction } from './database.ts';

/**
 * Every column that holds a value sealed by lib/secret-box.ts, by table. A new sealed column is
 * named here, or key rotation would leave it under a key that is then removed
 * (sealed-secrets.test.ts finds every `*_sealed` column of the schema and fails on one missing).
 */
export const sealedColumns = {
  seller_gateways: ['public_key_sealed', 'secret_key_sealed'],
  external_links: ['credentials_sealed'],
  afip_credentials: ['private_key_sealed', 'certificate_sealed'],
} as const;

/**
 * Rewrites every sealed value that `reseal` answers a new value for (those under an older key),
 * one table per transaction, and counts the values rewritten. The rewrite changes only the
 * envelope: a concurrent save of the same row writes a value sealed under the current key too.
 */
export async function resealColumns(db: DB, reseal: (sealed: string) => string | null): Promise<number> {
  let count = 0;
  for (const [table, columns] of Object.entries(sealedColumns)) {
    count += await inTransaction(db, async (tx) => {
      const rows = await sql<Record<string, string | number | null>>`select ${sql.ref('id')}, ${sql.join(
        columns.map((column) => sql.ref(column)),
      )} from ${sql.table(table)}`.execute(tx);
      let rewritten = 0;
      for (const row of rows.rows) {
        for (const column of columns) {
          const value = row[column];
          const next = typeof value === 'string' ? reseal(value) : null;
          if (next === null) continue;
          await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where ${sql.ref('id')} = ${row.id}`.execute(
            tx,
          );
          rewritten += 1;
        }
      }
      return rewritten;
    });
  }
  return count;
}
