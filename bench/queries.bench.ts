/**
 * HTTP benchmark of the server queries of issue 13: search-publications (a page of 12 results,
 * each with its next free slot) and find-bookings (the professional's list, page 1 and page 51
 * of a 100,000-booking agenda), against the cheapest action (find-currency: validation, an
 * in-memory answer of a few bytes) in the same process, on SQLite and on PostgreSQL.
 *
 * Targets: search-publications and find-bookings each ≥ 50 % of the cheapest action's req/s in
 * the same run; page 51 within ±20 % of page 1.
 *
 * With BENCH_BEFORE=<dir> (a copy of an older tree, see bench/README.md) every database is
 * measured on that tree and on this one, alternating, so both see the same machine.
 *
 *   BENCH_DURATION       seconds per scenario (default 10)
 *   BENCH_CONNECTIONS    concurrent keep-alive connections (default 10)
 *   BENCH_DATABASE_URL   PostgreSQL (default postgres://postgres@127.0.0.1:5432/test); 'none'
 *                        skips it. A schema of its own is created and dropped.
 *   BENCH_BEFORE         root of the tree to compare against (optional), or several as
 *                        name=dir,name=dir
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { buildApp as BuildApp } from '../apps/server/src/app.ts';
import type { defaultConfig as DefaultConfig } from '../apps/server/src/config.ts';
import type { DB } from '../apps/server/src/db/database.ts';
import { insertEveryDayPublication, publicationRow } from '../apps/server/src/test/publication-row.ts';
import { benchConfig, benchPlace, cpuPerRequest, listenOnLoopback } from './bench-app.ts';
import { keepAliveLoad, type LoadResult } from './load-generator.ts';

const clock = new Date('2026-11-22T12:00:00Z');
const json = { 'content-type': 'application/json' };
const agendaSize = 100_000;
const searchProfessionals = 30;
const zone = 'America/Argentina/Buenos_Aires';
export const queriesTarget = { minShareOfCheapest: 0.5, pageSpread: 0.2 } as const;

interface Options {
  durationSec: number;
  connections: number;
  postgresUrl: string | null;
  log: (line: string) => void;
}

export interface QueriesScenario extends LoadResult {
  tree: string;
  database: 'sqlite' | 'postgres';
  name: string;
  rows: number;
  load: [number, number];
  problems: string[];
  /**
   * CPU time (user + system) of one request handled in-process with `inject` (no socket): it
   * hardly moves with the rest of the machine's load, unlike req/s.
   */
  cpuMsPerRequest: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const day = 86_400_000;

async function insertProfessional(db: DB, n: number, now: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      ref: `bq${n}${randomBytes(6).toString('hex')}`,
      email: `bench-q-${n}-${randomBytes(4).toString('hex')}@agendo.test`,
      password_hash: 'not-a-hash',
      first_name: `Profesional ${n}`,
      last_name: 'Benchmark',
      user_type: 1,
      country_id: 5,
      lang: 'es',
      time_zone: zone,
      card_added: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface BookingRow {
  ref: string;
  publication_id: number;
  professional_id: number;
  client_id: null;
  contact_id: null;
  title: string;
  duration: number;
  starts_at: string;
  ends_at: string;
  state: 'confirmed' | 'done' | 'cancelled';
  currency: string;
  price_minor: number;
  created_at: string;
  updated_at: string;
}

async function insertBookings(db: DB, rows: BookingRow[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('bookings')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

function booking(pub: number, pro: number, startMs: number, minutes: number, state: BookingRow['state']) {
  const now = clock.toISOString();
  return {
    ref: `bk${randomBytes(8).toString('hex')}`,
    publication_id: pub,
    professional_id: pro,
    client_id: null,
    contact_id: null,
    title: 'Sesión individual',
    duration: minutes,
    starts_at: new Date(startMs).toISOString(),
    ends_at: new Date(startMs + minutes * 60_000).toISOString(),
    state,
    currency: 'ARS',
    price_minor: 1_000_000,
    created_at: now,
    updated_at: now,
  } satisfies BookingRow;
}

/**
 * 30 professionals with one weekly publication each (09:00–18:00 every day, 60 minutes) whose
 * first three days are fully booked, so each next slot is on the fourth day.
 */
export async function seedSearch(db: DB) {
  const now = clock.toISOString();
  const today = Date.UTC(2026, 10, 22);
  for (let n = 0; n < searchProfessionals; n++) {
    const pro = await insertProfessional(db, n, now);
    const pub = await insertEveryDayPublication(db, pro, now, {
      title: `Psicoterapia ${n}`,
      country_id: 5,
      max_res: 3,
    });
    const rows: BookingRow[] = [];
    // 09:00–18:00 in Buenos Aires is 12:00–21:00 UTC.
    for (let d = 0; d < 3; d++) {
      for (let h = 12; h < 21; h++)
        rows.push(booking(pub.id, pro, today + d * day + h * 3_600_000, 60, 'confirmed'));
    }
    await insertBookings(db, rows);
  }
}

/**
 * The agenda: 100,000 appointments of 15 minutes, 08:00–20:00 every day (48 a day), from 1,000
 * days back to about three years ahead; one in 23 cancelled. Its publication is paused, so it
 * stays out of the search scenario.
 */
export async function seedAgenda(db: DB, pro: number) {
  const now = clock.toISOString();
  const pub = await db
    .insertInto('publications')
    .values(publicationRow(pro, now, { title: 'Agenda llena', country_id: 5, paused: 1 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const first = Date.UTC(2026, 10, 22) - 1000 * day + 11 * 3_600_000;
  let batch: BookingRow[] = [];
  for (let i = 0; i < agendaSize; i++) {
    const start = first + Math.floor(i / 48) * day + (i % 48) * 15 * 60_000;
    const state = i % 23 === 0 ? 'cancelled' : start < clock.getTime() ? 'done' : 'confirmed';
    batch.push(booking(pub.id, pro, start, 15, state));
    if (batch.length === 5000) {
      await insertBookings(db, batch);
      batch = [];
    }
  }
  await insertBookings(db, batch);
}

async function post(port: number, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/index.php`, {
    method: 'POST',
    headers: token ? { ...json, authorization: `Bearer ${token}` } : json,
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads answers loosely
  const answer = (await res.json()) as any;
  if (res.status !== 200 || answer.status !== '200') {
    throw new Error(
      `${JSON.stringify(body).slice(0, 80)}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`,
    );
  }
  return answer;
}

async function onTree(
  tree: { name: string; root: string },
  database: 'sqlite' | 'postgres',
  options: Options,
): Promise<QueriesScenario[]> {
  const src = path.join(tree.root, 'apps/server/src');
  const { buildApp } = (await import(pathToFileURL(path.join(src, 'app.ts')).href)) as {
    buildApp: typeof BuildApp;
  };
  const { defaultConfig } = (await import(pathToFileURL(path.join(src, 'config.ts')).href)) as {
    defaultConfig: typeof DefaultConfig;
  };
  const place = benchPlace('queries', database === 'postgres' ? options.postgresUrl : null);
  const config = benchConfig(defaultConfig, place, { seedDemo: false });
  const { app, deps } = (await buildApp(config, { now: () => clock })) as {
    app: FastifyInstance;
    deps: { db: DB };
  };
  try {
    const port = await listenOnLoopback(app);
    const registered = await post(port, {
      action: 'register',
      browserCountry: 'ar',
      userLang: 'es',
      urlcode: 'localhost',
      userFirstName: 'Agenda',
      userLastName: 'Llena',
      userMail: `agenda-${randomBytes(4).toString('hex')}@agendo.test`,
      userPassword: 'correct horse battery',
      userType: 1,
    });
    const token = registered.token as string;
    const pro = await deps.db
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    options.log(
      `[${tree.name} ${database}] seeding ${agendaSize} bookings and ${searchProfessionals} publications…`,
    );
    await seedAgenda(deps.db, pro.id);
    await seedSearch(deps.db);
    // A production PostgreSQL has statistics on a table this size (autovacuum analyzes it);
    // right after a bulk load it has none and plans the list query as if bookings were empty.
    if (database === 'postgres') await sql`analyze`.execute(deps.db);

    const cheapest = JSON.stringify({ action: 'find-currency', userLang: 'es', userCountry: 5 });
    const search = JSON.stringify({ action: 'search-publications', userLang: 'es', userTime: zone });
    const list = (next: unknown) =>
      JSON.stringify({ action: 'find-bookings', mode: 1, filter: 'upcoming', next });
    // Page 51 is reached as the web app reaches it: following `next` from page 1.
    let next: unknown = 0;
    for (let page = 1; page < 51; page++) {
      next = (await post(port, JSON.parse(list(next)), token)).next;
      if (next === null) throw new Error(`the agenda ended at page ${page}`);
    }
    const scenarios: [string, string, Record<string, string>][] = [
      ['find-currency (cheapest)', cheapest, json],
      ['search-publications', search, json],
      ['find-bookings page 1', list(0), { ...json, authorization: `Bearer ${token}` }],
      ['find-bookings page 51', list(next), { ...json, authorization: `Bearer ${token}` }],
    ];
    const results: QueriesScenario[] = [];
    for (const [name, body, headers] of scenarios) {
      const probe = await post(port, JSON.parse(body), headers.authorization?.slice(7));
      const rows = (probe.publications ?? probe.bookings ?? probe.currencies ?? []).length as number;
      options.log(`[${tree.name} ${database}] ${name}: ${rows} rows, ${options.durationSec} s…`);
      const loadBefore = os.loadavg()[0] ?? 0;
      const m = await keepAliveLoad({
        port,
        path: '/index.php',
        headers,
        bodies: [body],
        connections: options.connections,
        durationSec: options.durationSec,
      });
      const problems: string[] = [];
      for (const [code, count] of Object.entries(m.statusCodes)) {
        if (code !== '200') problems.push(`${count} responses with HTTP ${code}`);
      }
      if (m.errors > 0) problems.push(`${m.errors} socket errors`);
      if (m.timeouts > 0) problems.push(`${m.timeouts} timeouts`);
      const load: [number, number] = [round1(loadBefore), round1(os.loadavg()[0] ?? 0)];
      const cpuMsPerRequest = await cpuPerRequest(
        app,
        { path: '/index.php', headers, bodies: [body] },
        { warmUp: 50, count: 300 },
      );
      options.log(
        `  ${m.rps} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, CPU ${cpuMsPerRequest} ms/request`,
      );
      results.push({ tree: tree.name, database, name, rows, load, problems, cpuMsPerRequest, ...m });
    }
    return results;
  } finally {
    await app.close();
    await place.remove();
  }
}

export async function runQueriesBench(options: Options, before: string | null) {
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // `dir`, or several `name=dir` separated by commas (each older tree measured in that order).
  const older = (before ?? '')
    .split(',')
    .filter((part) => part !== '')
    .map((part) => {
      const [name, dir] = part.includes('=') ? part.split('=', 2) : ['before', part];
      return { name: name as string, root: path.resolve(dir as string) };
    });
  const trees = [...older, { name: before ? 'after' : 'this tree', root: here }];
  const databases: ('sqlite' | 'postgres')[] = options.postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const scenarios: QueriesScenario[] = [];
  for (const database of databases) {
    for (const tree of trees) scenarios.push(...(await onTree(tree, database, options)));
  }
  return scenarios;
}

export function formatQueriesTable(scenarios: QueriesScenario[]): string {
  const header =
    '| tree | database | scenario | rows | req/s | % of cheapest | p50 ms | p99 ms | max ms | requests | errors | CPU ms/req (inject) | load avg | target |';
  const rule =
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |';
  const lines = scenarios.map((s) => {
    const same = scenarios.filter((o) => o.tree === s.tree && o.database === s.database);
    const cheapest = same[0]?.rps ?? 0;
    const share = cheapest > 0 ? s.rps / cheapest : 0;
    let target = '';
    if (s.name.startsWith('search') || s.name.startsWith('find-bookings')) {
      target = `≥ 50 %: ${share >= queriesTarget.minShareOfCheapest ? 'met' : 'MISSED'}`;
    }
    if (s.name === 'find-bookings page 51') {
      const first = same.find((o) => o.name === 'find-bookings page 1');
      const ratio = first && first.rps > 0 ? s.rps / first.rps : 0;
      target += `; page 51 / page 1 = ${Math.round(ratio * 100)} %: ${Math.abs(1 - ratio) <= queriesTarget.pageSpread ? 'met' : 'MISSED'}`;
    }
    const errors = s.errors + s.timeouts + s.problems.length;
    return `| ${s.tree} | ${s.database} | ${s.name} | ${s.rows} | ${s.rps} | ${Math.round(share * 100)} % | ${s.p50Ms} | ${s.p99Ms} | ${s.maxMs} | ${s.requests} | ${errors} | ${s.cpuMsPerRequest} | ${s.load.join(' → ')} | ${target} |`;
  });
  return [header, rule, ...lines].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scenarios = await runQueriesBench(
    {
      durationSec: Number(process.env.BENCH_DURATION ?? 10),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
      postgresUrl: url === 'none' ? null : url,
      log: (line) => process.stdout.write(`${line}\n`),
    },
    process.env.BENCH_BEFORE || null,
  );
  process.stdout.write(
    `\n${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}\n\n${formatQueriesTable(scenarios)}\n`,
  );
  process.exitCode = scenarios.some((s) => s.problems.length > 0) ? 1 : 0;
}
