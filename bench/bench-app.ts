import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { defaultConfig as DefaultConfig } from '../apps/server/src/config.ts';

/**
 * The server configuration the benches measure: production, with the sandbox opted into
 * (PAYMENTS_SANDBOX=1: no keys here), its files in `dataDir`, and on PostgreSQL in a schema of
 * its own when a URL is given. `defaultConfig` is passed in because queries.bench.ts loads the
 * server of the tree it measures, not this one.
 */
export function benchConfig(
  defaultConfig: typeof DefaultConfig,
  place: Pick<BenchPlace, 'dataDir'> & Partial<Pick<BenchPlace, 'databaseUrl' | 'databaseSchema'>>,
  over: { seedDemo: boolean },
) {
  const { dataDir, databaseUrl, databaseSchema } = place;
  return defaultConfig({
    env: 'production',
    payments: { ...defaultConfig().payments, sandboxOptIn: true },
    host: '127.0.0.1',
    port: 0,
    dataDir,
    sqliteFile: path.join(dataDir, 'bench.sqlite'),
    ...(databaseUrl ? { databaseUrl, databaseSchema } : {}),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'warn',
    seedDemo: over.seedDemo,
  });
}

export type BenchPlace = ReturnType<typeof benchPlace>;

/**
 * Where a bench keeps its data: a folder of its own under the system's temporary one and, when a
 * PostgreSQL URL is given, a schema of its own there (`bench_<name>_<random>`). `remove` deletes
 * both once the bench is done.
 */
export function benchPlace(name: string, databaseUrl: string | null | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agendo-bench-${name}-`));
  const databaseSchema = databaseUrl ? `bench_${name}_${randomBytes(4).toString('hex')}` : undefined;
  return {
    dataDir,
    databaseUrl: databaseUrl ?? null,
    databaseSchema,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!databaseUrl || !databaseSchema) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${databaseSchema} CASCADE`);
      await client.end();
    },
  };
}

/** Listens on a free port of the loopback interface and answers it. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return address.port;
}

/**
 * The server's CPU time per request, ms, over `count` in-process requests (app.inject, no
 * sockets) after `warmUp` unmeasured ones; bodies rotate through the list given.
 */
export async function cpuPerRequest(
  app: FastifyInstance,
  request: { path: string; headers: Record<string, string>; bodies: string[] },
  { warmUp, count }: { warmUp: number; count: number },
): Promise<number> {
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const payload = request.bodies[i % request.bodies.length] ?? '';
      await app.inject({ method: 'POST', url: request.path, headers: request.headers, payload });
    }
  };
  await run(warmUp);
  const before = process.cpuUsage();
  await run(count);
  const used = process.cpuUsage(before);
  return Math.round(((used.user + used.system) / 1000 / count) * 1000) / 1000;
}
