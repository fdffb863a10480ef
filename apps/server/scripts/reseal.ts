/**
 * `npm run reseal` (issue 28, README "Key rotation"): seals every stored secret (gateway keys,
 * calendar tokens, AFIP keys) again under KEY_ENCRYPTION_KEY, opening them with it or with one of
 * PREVIOUS_KEY_ENCRYPTION_KEYS. Reads the same configuration as the server, so it acts on the
 * database the server would open; it can run while the server runs.
 */
import { configFromEnv } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { resealSecrets } from '../src/db/reseal.ts';
import { keyId } from '../src/lib/secret-box.ts';

const config = configFromEnv(process.env);
const handle = await openDatabase({
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { sqliteFile: config.sqliteFile }),
  ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
});
try {
  const count = await resealSecrets(handle.db, config.keyRing);
  console.log(
    `${count} secretos sellados de nuevo con la clave ${keyId(config.keyRing.current)}. ` +
      'Ya puedes quitar las claves anteriores de PREVIOUS_KEY_ENCRYPTION_KEYS.',
  );
} finally {
  await handle.close();
}
