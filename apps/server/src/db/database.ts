import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import type { Dialect } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type { Dialect };
export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL schema, created when missing; tests give each file its own. */
  schema?: string;
  sqliteFile?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: an SQLite start never pays for the driver.
    const { default: pg } = await import('pg');
    // pg answers int8 (COUNT, bigserial) as strings; our ids and counts fit in a double.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('connect', namingStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Named statements one PostgreSQL connection keeps at most; later texts run unnamed. */
const namedStatementsPerConnection = 300;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 5_000) statementNames.clear();
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call. Giving
 * each single-statement read or write a name derived from its text lets `pg` parse it once per
 * connection and only bind it afterwards (find-turns benchmark, bench/README.md). Each
 * connection names a bounded number of texts (queries with varying IN lists or row counts
 * would otherwise grow without end); transaction control and DDL stay unnamed.
 */
function namingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  const named = new Set<string>();
  const nameable = /^\s*(select|insert|update|delete|with)\s/i;
  client.query = ((text: unknown, values?: unknown) => {
    if (typeof text === 'string' && Array.isArray(values) && nameable.test(text)) {
      const name = statementName(text);
      if (named.has(name) || named.size < namedStatementsPerConnection) {
        named.add(name);
        return query({ name, text, values });
      }
    }
    return query(text, values);
  }) as typeof client.query;
}

/** Most distinct SQL texts kept prepared; the app has a few hundred queries, all parameterised. */
const statementCacheSize = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing cost more CPU than running
 * the small indexed queries of a request (find-turns benchmark, bench/README.md). This keeps
 * prepared statements by SQL text, least recently used out first. Kysely serialises queries on
 * the one connection, and better-sqlite3 resets a statement after `all`/`run`, so reusing one
 * is safe; a statement still busy (an open `iterate`) is never handed out twice.
 */
function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= statementCacheSize) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(handle: DatabaseHandle, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    // Kysely looks for its bookkeeping tables in every schema; name ours so apps in two
    // schemas of one database (tests, several tenants) each keep their own.
    ...(handle.dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Runs `work` in one transaction; repositories accept the transaction in place of the db. */
export function inTransaction<T>(db: DB, work: (tx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute((tx) => work(tx));
}
