/**
 * `npm run backup -- <file.tar.gz>` and `npm run restore -- <file.tar.gz>` (issue 28, README
 * "Backups"). Both read the same configuration as the server (DATA_DIR, DATABASE_URL), so they act
 * on the deployment the server would open. A backup runs beside a running server; a restore goes
 * into an empty DATA_DIR, with the server stopped.
 */
import path from 'node:path';
import { configFromEnv } from '../src/config.ts';
import { backupDataDir, DataDirRefused, restoreDataDir } from '../src/db/backup.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Uso: npm run backup -- <archivo.tar.gz>  |  npm run restore -- <archivo.tar.gz>');
  process.exit(2);
}
// npm runs scripts from the repository root; a relative path means the caller's folder.
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const config = configFromEnv(process.env);

try {
  if (command === 'backup') {
    const done = await backupDataDir({
      dataDir: config.dataDir,
      sqliteFile: config.databaseUrl ? null : config.sqliteFile,
      target: archive,
    });
    console.log(
      `Copia escrita en ${archive}: ${done.database ? 'base SQLite y ' : ''}${done.files} archivos.`,
    );
    if (config.databaseUrl) {
      console.log('La base es PostgreSQL: cópiala con pg_dump (README, "Copias de seguridad").');
    }
  } else {
    const done = await restoreDataDir({ archive, dataDir: config.dataDir });
    console.log(
      `Restaurado en ${config.dataDir}: ${done.database ? 'base SQLite y ' : ''}${done.files} archivos.`,
    );
  }
} catch (error) {
  if (!(error instanceof DataDirRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
