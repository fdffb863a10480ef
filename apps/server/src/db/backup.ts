import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * Backups of an embedded deployment (issue 28): one .tar.gz with the SQLite database and every
 * file under DATA_DIR (uploads, private records, invoices, lesson media). The database is copied
 * with SQLite's online backup API, so the server keeps running and writing while it is taken:
 * the copy is one consistent state, never a file caught half-written as a plain copy of a WAL
 * database would be. The files are archived after the database, so every file a backed-up row
 * names was already on disk (uploads are stored before the row that names them is written).
 */

export const sqliteName = 'agendo.sqlite';
/** The live database and its WAL companions: the archive carries the online copy instead. */
const liveDatabase = new Set([sqliteName, `${sqliteName}-wal`, `${sqliteName}-shm`, `${sqliteName}-journal`]);

/** A backup or restore that cannot be done as asked; its message says why, in Spanish. */
export class DataDirRefused extends Error {
  override name = 'DataDirRefused';
}

export interface BackupResult {
  /** Whether an SQLite database was in it (with PostgreSQL the database is pg_dump's). */
  database: boolean;
  /** Regular files archived besides the database. */
  files: number;
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) n += 1;
  }
  return n;
}

/**
 * Writes `target` (a .tar.gz). It is written beside as `.partial` and renamed at the end, so a
 * backup that failed half-way never looks like a finished one.
 */
export async function backupDataDir(options: {
  dataDir: string;
  /** The SQLite file, or null when the database is PostgreSQL. */
  sqliteFile: string | null;
  target: string;
}): Promise<BackupResult> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'agendo-backup-'));
  const partial = `${options.target}.partial`;
  try {
    const database = options.sqliteFile !== null && fs.existsSync(options.sqliteFile);
    if (database && options.sqliteFile) {
      const source = new SQLite(options.sqliteFile, { fileMustExist: true });
      try {
        await source.backup(path.join(staging, sqliteName));
      } finally {
        source.close();
      }
    }
    // The archive's top level: the copy of the database, and a link to each entry of DATA_DIR
    // (followed when archiving), so nothing is copied twice on disk. Not tmp/: uploads in flight
    // (ADR 022), which may vanish while tar reads them and no row names yet.
    const entries = fs.existsSync(options.dataDir)
      ? (await fsp.readdir(options.dataDir)).filter((name) => !liveDatabase.has(name) && name !== 'tmp')
      : [];
    for (const name of entries) {
      await fsp.symlink(path.join(options.dataDir, name), path.join(staging, name));
    }
    const names = [...(database ? [sqliteName] : []), ...entries];
    if (names.length === 0)
      throw new DataDirRefused(`${options.dataDir} está vacía: no hay nada que copiar.`);
    await fsp.mkdir(path.dirname(path.resolve(options.target)), { recursive: true });
    let files = 0;
    const counted = (_entry: string, stat: fs.Stats | tar.ReadEntry) => {
      if ('isFile' in stat && stat.isFile()) files += 1;
      return true;
    };
    await tar.create(
      { gzip: true, file: partial, cwd: staging, follow: true, portable: true, filter: counted },
      names,
    );
    await fsp.rename(partial, options.target);
    return { database, files: files - (database ? 1 : 0) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(partial, { force: true });
  }
}

/**
 * Unpacks a backup into `dataDir`, which must be empty or missing: a restore never mixes two
 * deployments' files, nor overwrites a live one. The restored database is checked whole
 * (PRAGMA integrity_check) before the restore counts as done.
 */
export async function restoreDataDir(options: { archive: string; dataDir: string }): Promise<BackupResult> {
  if (!fs.existsSync(options.archive)) throw new DataDirRefused(`No existe el archivo ${options.archive}.`);
  if (fs.existsSync(options.dataDir) && (await fsp.readdir(options.dataDir)).length > 0) {
    throw new DataDirRefused(
      `${options.dataDir} no está vacía: restaura en una carpeta nueva y apunta DATA_DIR a ella.`,
    );
  }
  await fsp.mkdir(options.dataDir, { recursive: true });
  // node-tar refuses absolute paths and '..' in entries: nothing lands outside dataDir.
  await tar.extract({ file: options.archive, cwd: options.dataDir, strict: true });
  const sqliteFile = path.join(options.dataDir, sqliteName);
  const database = fs.existsSync(sqliteFile);
  if (database) {
    const restored = new SQLite(sqliteFile, { fileMustExist: true });
    try {
      const check = restored.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new DataDirRefused(`La base restaurada está dañada: ${String(check)}`);
    } finally {
      restored.close();
    }
  }
  const files = (await countFiles(options.dataDir)) - (database ? 1 : 0);
  return { database, files };
}
