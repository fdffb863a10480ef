/**
 * Benchmark of the sales table (issue 14): a professional with 20,000 sales opens billing and
 * searches. find-billing-all pages, sorts and searches on the server; the target is p95 < 100 ms
 * for the first page with a search term, on SQLite and on PostgreSQL.
 *
 * The app is built in this process (production mode; SQLite in a temp file, or PostgreSQL in a
 * schema of its own with BENCH_DATABASE_URL) and the requests go through app.inject, one after
 * the other (one person at the table), so the numbers are latencies of the whole action:
 * session, validation, the two queries (page and count) and the answer.
 *
 *   npx tsx bench/billing.bench.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/billing.bench.ts
 *   BENCH_SALES=20000 BENCH_REPEAT=50
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { defaultConfig } from '../apps/server/src/config.ts';
import { newRef } from '../apps/server/src/lib/random.ts';
import { createSession } from '../apps/server/src/modules/auth/auth.service.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

const firstNames = [
  'Lucía',
  'Martín',
  'Sofía',
  'Joaquín',
  'Valentina',
  'Diego',
  'Camila',
  'Mateo',
  'Julieta',
  'Tomás',
];
const lastNames = [
  'Gómez',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Sosa',
  'Romero',
  'Díaz',
  'Álvarez',
];
const titles = [
  'Sesión de psicología',
  'Terapia de pareja',
  'Consulta nutricional',
  'Kinesiología',
  'Coaching',
];

export interface BillingBenchResult {
  database: string;
  sales: number;
  seedMs: number;
  scenarios: { name: string; total: number; p50: number; p95: number; max: number; cpuMs: number }[];
  problems: string[];
}

export async function runBillingBench(): Promise<BillingBenchResult> {
  const salesCount = Number(process.env.BENCH_SALES ?? 20_000);
  const repeat = Number(process.env.BENCH_REPEAT ?? 50);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-bench-billing-'));
  const config = defaultConfig({
    env: 'production',
    payments: { ...defaultConfig().payments, sandboxOptIn: true },
    dataDir,
    sqliteFile: path.join(dataDir, 'bench.sqlite'),
    databaseUrl,
    databaseSchema: schema,
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'warn',
    seedDemo: false,
  });
  const { app, deps } = await buildApp(config);
  const problems: string[] = [];
  try {
    const db = deps.db;
    const now = new Date('2026-11-22T12:00:00Z');
    const nowIso = now.toISOString();
    const pro = await db
      .insertInto('users')
      .values({
        ref: newRef(),
        email: `bench-${newRef().slice(0, 8).toLowerCase()}@example.com`,
        password_hash: 'x',
        first_name: 'Ana',
        last_name: 'Bench',
        user_type: 1,
        country_id: 5,
        lang: 'es',
        time_zone: 'America/Argentina/Buenos_Aires',
        phone: null,
        img: null,
        email_verified_at: nowIso,
        pending_email: null,
        signup_ref: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(deps, pro.id, { ip: null, userAgent: 'bench' });

    const started = performance.now();
    const contactIds: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const row = await db
        .insertInto('contacts')
        .values({
          ref: newRef(),
          professional_id: pro.id,
          user_id: null,
          first_name: firstNames[i % firstNames.length] as string,
          last_name: `${lastNames[Math.floor(i / firstNames.length) % lastNames.length]} ${i}`,
          email: `contacto${i}@example.com`,
          phone: '+5491155550000',
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      contactIds.push(row.id);
    }
    const chunk = 500;
    for (let start = 0; start < salesCount; start += chunk) {
      const rows = [];
      for (let i = start; i < Math.min(salesCount, start + chunk); i += 1) {
        const at = new Date(now.getTime() - i * 26 * 60_000).toISOString();
        const paid = i % 4 !== 3;
        rows.push({
          ref: newRef(),
          kind: 'balance' as const,
          seller_id: pro.id,
          buyer_id: null,
          contact_id: contactIds[i % contactIds.length] as number,
          booking_id: null,
          description: titles[i % titles.length] as string,
          amount_minor: 500_000 + (i % 7) * 100_000,
          discount_minor: i % 5 === 0 ? 50_000 : 0,
          currency: 'ARS',
          method: (i % 3 === 0 ? 'cash' : 'card') as 'cash' | 'card',
          state: paid ? ('paid' as const) : ('pending' as const),
          provider: null,
          coupon_id: null,
          created_at: at,
          paid_at: paid ? at : null,
          updated_at: at,
          commission_bp: paid ? 1000 : null,
          commission_minor: paid ? 50_000 : null,
        });
      }
      const inserted = await db
        .insertInto('sales')
        .values(rows)
        .returning(['id', 'state', 'created_at'])
        .execute();
      const payments = inserted
        .filter((s) => s.state === 'paid')
        .map((s) => ({
          ref: newRef(),
          sale_id: s.id,
          provider: 'cash',
          provider_payment_id: null,
          amount_minor: 500_000,
          currency: 'ARS',
          state: 'approved' as const,
          return_url: '',
          checkout_url: null,
          created_at: s.created_at,
          updated_at: s.created_at,
        }));
      if (payments.length > 0) await db.insertInto('payments').values(payments).execute();
    }
    const seedMs = Math.round(performance.now() - started);
    // As autovacuum would have done on a production table this size.
    if (databaseUrl) await sql`analyze`.execute(db);
    const someRef = (
      await db
        .selectFrom('sales')
        .select('ref')
        .where('seller_id', '=', pro.id)
        .orderBy('id')
        .offset(Math.floor(salesCount / 2))
        .limit(1)
        .executeTakeFirstOrThrow()
    ).ref;

    const scenarios: [string, Record<string, unknown>][] = [
      ['first page, no search', {}],
      ['first page, search "lucía"', { search: 'lucía' }],
      ['first page, search "terapia gómez"', { search: 'terapia gómez' }],
      ['first page, search a sell id', { search: someRef }],
      ['first page, search with no match', { search: 'zzzz' }],
      ['first page by client name', { sort: 'clientName', dir: 'asc' }],
      ['page 50', { page: 50 }],
    ];
    const results: BillingBenchResult['scenarios'] = [];
    for (const [name, input] of scenarios) {
      const times: number[] = [];
      let total = 0;
      let cpu = process.cpuUsage();
      for (let i = 0; i < repeat + 3; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/index.php',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            action: 'find-billing-all',
            mode: 1,
            browserCountry: 'ar',
            userLang: 'es',
            urlcode: 'x',
            ...input,
          },
        });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) {
          problems.push(`${name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          break;
        }
        total = res.json().total;
        if (i === 2) cpu = process.cpuUsage();
        if (i >= 3) times.push(ms);
      }
      const used = process.cpuUsage(cpu);
      const sorted = times.sort((a, b) => a - b);
      results.push({
        name,
        total,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        max: round(sorted.at(-1) ?? 0),
        // Server CPU per request (the database's own time on PostgreSQL is in another process):
        // on a shared machine it moves far less than the wall-clock latencies.
        cpuMs: round((used.user + used.system) / 1000 / Math.max(1, times.length)),
      });
    }
    return {
      database: databaseUrl ? 'PostgreSQL' : 'SQLite',
      sales: salesCount,
      seedMs,
      scenarios: results,
      problems,
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

export function formatBilling(r: BillingBenchResult): string {
  return [
    `${r.database}, ${r.sales} sales of one professional (seeded in ${r.seedMs} ms), ms per find-billing-all:`,
    '',
    '| scenario | matches | p50 | p95 | max | CPU ms/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.scenarios.map((s) => `| ${s.name} | ${s.total} | ${s.p50} | ${s.p95} | ${s.max} | ${s.cpuMs} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runBillingBench();
  process.stdout.write(`\nSales table (find-billing-all)\n\n${formatBilling(result)}\n`);
  for (const p of result.problems) process.stderr.write(`ERROR billing: ${p}\n`);
  process.exitCode = result.problems.length === 0 ? 0 : 1;
}
