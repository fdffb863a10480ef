import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { defaultConfig as DefaultConfig } from '../apps/server/src/config.ts';

/**
 * The server configuration the benches measure: production, with the sandbox opted into
 * (PAYMENTS_SANDBOX=1: no keys here), its files in `dataDir`, and on PostgreSQL in a schema of
 * its own when a URL is given. `defaultConfig` is passed in because queries.bench.ts loads the
 * server of the tree it measures, not this one.
 */
export function benchConfig(
  defaultConfig: typeof DefaultConfig,
  dataDir: string,
  over: { seedDemo: boolean; databaseUrl?: string | null; databaseSchema?: string },
) {
  return defaultConfig({
    env: 'production',
    payments: { ...defaultConfig().payments, sandboxOptIn: true },
    host: '127.0.0.1',
    port: 0,
    dataDir,
    sqliteFile: path.join(dataDir, 'bench.sqlite'),
    ...(over.databaseUrl ? { databaseUrl: over.databaseUrl, databaseSchema: over.databaseSchema } : {}),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'warn',
    seedDemo: over.seedDemo,
  });
}

/** Listens on a free port of the loopback interface and answers it. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return address.port;
}
