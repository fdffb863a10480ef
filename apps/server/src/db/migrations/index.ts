import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { accounts } from './0001-accounts.ts';

/** Migrations are written once with a dialect hint; the same list runs on SQLite and PostgreSQL. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-accounts': accounts(dialect),
  };
}
