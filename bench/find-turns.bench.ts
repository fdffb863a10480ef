/**
 * HTTP benchmark of find-turns (issue 3): a professional with 5,000 bookings, the 5-day windows
 * that start 30 and 60 days ahead, through the real server on SQLite and on PostgreSQL, and an
 * empty Fastify route on the same machine as the ceiling.
 *
 * Target: p95 under 50 ms and at least 25 % of the empty route's requests per second. The empty
 * route is measured again right before each scenario (load on a shared machine moves).
 *
 *   BENCH_DURATION       seconds per scenario (default 10)
 *   BENCH_CONNECTIONS    concurrent keep-alive connections (default 10)
 *   BENCH_DATABASE_URL   PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test);
 *                        BENCH_DATABASE_URL=none skips PostgreSQL. A schema of its own is
 *                        created and dropped.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { defaultConfig } from '../apps/server/src/config.ts';
import type { DB } from '../apps/server/src/db/database.ts';
import { insertEveryDayPublication } from '../apps/server/src/test/publication-row.ts';
import { benchConfig, benchPlace, cpuPerRequest, listenOnLoopback } from './bench-app.ts';
import { keepAliveLoad, type LoadResult } from './load-generator.ts';

export interface FindTurnsBenchOptions {
  durationSec: number;
  connections: number;
  /** PostgreSQL URL, or null to run on SQLite only. */
  postgresUrl: string | null;
  log?: (line: string) => void;
}

export interface FindTurnsScenarioResult extends LoadResult {
  name: string;
  database: 'sqlite' | 'postgres' | '—';
  /** Turns in the answer (the probe), to show the windows were not empty. */
  turns: number | null;
  /**
   * CPU time (user + system) of one request handled in-process with `inject` (no socket), a
   * figure that does not depend on how busy the shared machine is.
   */
  cpuMsPerRequest: number;
  problems: string[];
  /** The empty route's req/s measured just before this scenario (its own ceiling). */
  ceilingRps: number;
  /** 1-minute load average of the machine before and after the scenario's HTTP run. */
  load: [number, number];
}

export interface FindTurnsBenchResult {
  scenarios: FindTurnsScenarioResult[];
  /** Scenario names that missed p95 < 50 ms or ≥ 25 % of their ceiling. */
  missed: string[];
}

export const findTurnsTarget = { maxP95Ms: 50, minShareOfCeiling: 0.25 } as const;
const bookingsCount = 5_000;
const json = { 'content-type': 'application/json' };
const clock = new Date('2026-11-22T12:00:00Z');

/** One professional (Buenos Aires), one weekly publication 08:00–20:00 every day, 5,000 bookings. */
export async function seedFindTurnsBench(db: DB): Promise<string> {
  const now = clock.toISOString();
  const user = await db
    .insertInto('users')
    .values({
      ref: `bench${randomBytes(8).toString('hex')}`,
      email: `bench-${randomBytes(4).toString('hex')}@agendo.test`,
      password_hash: 'not-a-hash',
      first_name: 'Bench',
      last_name: 'Profesional',
      user_type: 1,
      country_id: 1,
      lang: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pub = await insertEveryDayPublication(
    db,
    user.id,
    now,
    {
      title: 'Sesión individual',
      description: 'Publicación del benchmark de find-turns.',
      country_id: 1,
      price: 100_000,
      price_usd: 5_000,
      max_res: 3, // 90 days: both windows are inside it
    },
    { from: '08:00', to: '20:00' },
  );

  // 08:00–19:00 Buenos Aires (UTC-3) is 11:00–22:00 UTC. Four slots of five are booked, from
  // well in the past up to 90 days ahead, newest last; a few are holds (live and expired) or
  // cancelled, as in a real calendar.
  const rows: {
    ref: string;
    publication_id: number;
    professional_id: number;
    client_id: null;
    contact_id: null;
    starts_at: string;
    ends_at: string;
    state: 'held' | 'confirmed' | 'done' | 'cancelled';
    hold_expires_at: string | null;
    created_at: string;
    updated_at: string;
  }[] = [];
  const day0 = Date.UTC(2026, 10, 22);
  for (let d = 89; rows.length < bookingsCount; d--) {
    for (let h = 19; h >= 8 && rows.length < bookingsCount; h--) {
      const i = (d + 1000) * 12 + h;
      if (i % 5 === 0) continue;
      const start = day0 + d * 86_400_000 + (h + 3) * 3_600_000;
      const state = i % 37 === 0 ? 'cancelled' : i % 41 === 0 ? 'held' : d < 0 ? 'done' : 'confirmed';
      rows.push({
        ref: `bk${i}${randomBytes(6).toString('hex')}`,
        publication_id: pub.id,
        professional_id: user.id,
        client_id: null,
        contact_id: null,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 3_600_000).toISOString(),
        state,
        hold_expires_at:
          state === 'held'
            ? new Date(clock.getTime() + (i % 2 === 0 ? 600_000 : -600_000)).toISOString()
            : null,
        created_at: now,
        updated_at: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('bookings')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return pub.ref;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

async function measure(
  name: string,
  database: FindTurnsScenarioResult['database'],
  app: FastifyInstance,
  port: number,
  urlPath: string,
  bodies: string[],
  options: FindTurnsBenchOptions,
): Promise<FindTurnsScenarioResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const probe = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: 'POST',
    headers: json,
    body: bodies[0] ?? '',
  });
  const probeBody = (await probe.json()) as {
    status?: string;
    turns?: unknown[];
    days?: { turns: unknown[] }[];
  };
  if (probe.status !== 200 || probeBody.status !== '200') {
    throw new Error(
      `${name}: expected HTTP 200, got ${probe.status} ${JSON.stringify(probeBody).slice(0, 300)}`,
    );
  }
  const turns = probeBody.days
    ? probeBody.days.reduce((n, d) => n + d.turns.length, probeBody.turns?.length ?? 0)
    : null;
  log(`running ${name} for ${options.durationSec} s with ${options.connections} connections…`);
  const loadBefore = os.loadavg()[0] ?? 0;
  const m = await keepAliveLoad({
    port,
    path: urlPath,
    headers: json,
    bodies,
    connections: options.connections,
    durationSec: options.durationSec,
  });
  const load: [number, number] = [round1(loadBefore), round1(os.loadavg()[0] ?? 0)];
  const problems: string[] = [];
  if (m.requests === 0) problems.push('no request completed');
  for (const [code, count] of Object.entries(m.statusCodes)) {
    if (code !== '200') problems.push(`${count} responses with HTTP ${code}`);
  }
  if (m.errors > 0) problems.push(`${m.errors} socket errors`);
  if (m.timeouts > 0) problems.push(`${m.timeouts} timeouts`);
  log(`  ${m.rps} req/s, p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms, p99 ${m.p99Ms} ms (load ${load.join(' → ')})`);
  const cpuMsPerRequest = await cpuPerRequest(
    app,
    { path: urlPath, headers: json, bodies },
    { warmUp: 100, count: 500 },
  );
  log(`  CPU ${cpuMsPerRequest} ms per in-process request`);
  return { name, database, turns, cpuMsPerRequest, problems, ceilingRps: m.rps, load, ...m };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The ceiling: an empty Fastify route in the same process. It is measured again right before
 * every find-turns scenario, because on a shared machine the load moves between scenarios and
 * a ceiling measured once would compare runs made under different loads.
 */
async function startEmptyRoute(options: FindTurnsBenchOptions) {
  const app = Fastify({ logger: false });
  app.post('/empty', async () => ({ status: '200' }));
  const port = await listenOnLoopback(app);
  return {
    measure: () => measure('empty Fastify route', '—', app, port, '/empty', ['{}'], options),
    close: () => app.close(),
  };
}
type Ceiling = Awaited<ReturnType<typeof startEmptyRoute>>;

async function onDatabase(
  database: 'sqlite' | 'postgres',
  options: FindTurnsBenchOptions,
  ceiling: Ceiling,
): Promise<FindTurnsScenarioResult[]> {
  const place = benchPlace('turns', database === 'postgres' ? options.postgresUrl : null);
  const config = benchConfig(defaultConfig, place, { seedDemo: false });
  // A fixed clock keeps the seeded calendar and the windows the same on every run.
  const { app, deps } = await buildApp(config, { now: () => clock });
  try {
    const ref = await seedFindTurnsBench(deps.db);
    const port = await listenOnLoopback(app);
    const results: FindTurnsScenarioResult[] = [];
    for (const ahead of [30, 60]) {
      const from = addDays('2026-11-22', ahead);
      // Viewers in a few zones, as the public page would send.
      const bodies = ['Europe/Madrid', 'America/Mexico_City', 'America/Argentina/Buenos_Aires'].map(
        (userTime) => JSON.stringify({ action: 'find-turns', userLang: 'es', ref, from, move: 0, userTime }),
      );
      const empty = await ceiling.measure();
      const scenario = await measure(
        `find-turns ${ahead} days ahead`,
        database,
        app,
        port,
        '/index.php',
        bodies,
        options,
      );
      results.push(empty, { ...scenario, ceilingRps: empty.rps });
    }
    return results;
  } finally {
    await app.close();
    await place.remove();
  }
}

export async function runFindTurnsBench(options: FindTurnsBenchOptions): Promise<FindTurnsBenchResult> {
  const ceiling = await startEmptyRoute(options);
  const scenarios: FindTurnsScenarioResult[] = [];
  try {
    scenarios.push(...(await onDatabase('sqlite', options, ceiling)));
    if (options.postgresUrl) scenarios.push(...(await onDatabase('postgres', options, ceiling)));
  } finally {
    await ceiling.close();
  }
  const missed = scenarios
    .filter((s) => s.database !== '—')
    .filter(
      (s) => s.p95Ms >= findTurnsTarget.maxP95Ms || s.rps < s.ceilingRps * findTurnsTarget.minShareOfCeiling,
    )
    .map((s) => `${s.name} (${s.database})`);
  return { scenarios, missed };
}

export function formatFindTurnsTable(result: FindTurnsBenchResult): string {
  const header =
    '| scenario | database | turns | req/s | % of empty route | p50 ms | p95 ms | p99 ms | max ms | requests | errors | CPU ms/req (inject) | load avg | target |';
  const rule =
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |';
  const rows = result.scenarios.map((s) => {
    const share = s.ceilingRps > 0 ? Math.round((s.rps / s.ceilingRps) * 100) : 0;
    const isCeiling = s.database === '—';
    const met = !result.missed.includes(`${s.name} (${s.database})`);
    const target = isCeiling ? 'ceiling' : `p95 < 50 ms, ≥ 25 %: ${met ? 'met' : 'MISSED'}`;
    const errors = s.errors + s.timeouts + s.problems.length;
    return `| ${s.name} | ${s.database} | ${s.turns ?? ''} | ${s.rps} | ${share} % | ${s.p50Ms} | ${s.p95Ms} | ${s.p99Ms} | ${s.maxMs} | ${s.requests} | ${errors} | ${s.cpuMsPerRequest} | ${s.load.join(' → ')} | ${target} |`;
  });
  return [header, rule, ...rows].join('\n');
}

export function postgresUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return url === 'none' ? null : url;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runFindTurnsBench({
    durationSec: Number(process.env.BENCH_DURATION ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    postgresUrl: postgresUrlFromEnv(),
  });
  process.stdout.write(`\n${formatFindTurnsTable(result)}\n`);
  for (const name of result.missed) process.stderr.write(`target missed: ${name}\n`);
  const broken = result.scenarios.some((s) => s.problems.length > 0);
  process.exitCode = broken || (process.env.BENCH_STRICT === '1' && result.missed.length > 0) ? 1 : 0;
}
