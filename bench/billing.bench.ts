/**
 * Benchmark of the sales table (issue 14): a professional with 20,000 sales opens billing and
 * searches. find-billing-all pages, sorts and searches on the server; the target is p95 < 100 ms
 * for the first page with a search term, on SQLite and on PostgreSQL.
 *
 * The app is built in this process (production mode; SQLite in a temp file, or PostgreSQL in a
 * schema of its own with BENCH_DATABASE_URL, dropped after) and the requests go through
 * app.inject, one after the other (one person at the table), so the numbers are latencies of
 * the whole action: session, validation, the queries and the answer. Four other professionals'
 * sales share the tables (written in turns with the measured one's, as they would arrive).
 *
 *   npx tsx bench/billing.bench.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/billing.bench.ts
 *   BENCH_SALES=20000         the measured professional's sales
 *   BENCH_OTHER_SALES=40000   the other four professionals' sales, together
 *   BENCH_REPEAT=50           measured requests per scenario (after 5 unmeasured)
 *   BENCH_KEEP=1              keep the database (prints where) to EXPLAIN by hand
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { defaultConfig } from '../apps/server/src/config.ts';
import { newRef } from '../apps/server/src/lib/random.ts';
import { createSession } from '../apps/server/src/modules/auth/auth.service.ts';
import { publicationRow } from '../apps/server/src/test/publication-row.ts';
import { benchConfig, benchPlace } from './bench-app.ts';

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

type BenchDb = Awaited<ReturnType<typeof buildApp>>['deps']['db'];

async function insertSeller(db: BenchDb, lastName: string, nowIso: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      ref: newRef(),
      email: `bench-${newRef().slice(0, 8).toLowerCase()}@example.com`,
      password_hash: 'x',
      first_name: 'Ana',
      last_name: lastName,
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
  return row.id;
}

/**
 * A seller's history as the table sees it: 200 contacts and 20 client accounts, one sale every
 * 26 minutes going back (about a year for 20,000). Eight in ten are appointments (a booking
 * three days after the sale, a third of them in person), one a course module, one a balance
 * charged to a client account without a contact. Three in four are paid (with an approved
 * payment; card sales older than two weeks in a monthly payout); among the unpaid, carts still
 * held and appointments that lapsed unpaid (neither is listed) and client cancellations (listed,
 * complete '2').
 */
interface SellerSeed {
  sellerId: number;
  publicationId: number;
  contactIds: number[];
  clientIds: number[];
}

async function prepareSeller(db: BenchDb, sellerId: number, now: Date): Promise<SellerSeed> {
  const nowIso = now.toISOString();
  const pub = await db
    .insertInto('publications')
    .values(publicationRow(sellerId, nowIso, { title: 'Sesión de psicología' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const contactIds: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const row = await db
      .insertInto('contacts')
      .values({
        ref: newRef(),
        professional_id: sellerId,
        user_id: null,
        first_name: firstNames[i % firstNames.length] as string,
        last_name: `${lastNames[Math.floor(i / firstNames.length) % lastNames.length]} ${i}`,
        email: `contacto${i}-${sellerId}@example.com`,
        phone: '+5491155550000',
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contactIds.push(row.id);
  }
  const clientIds: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const id = await insertSeller(db, `${lastNames[(i + 3) % lastNames.length]} Cliente`, nowIso);
    await db
      .updateTable('users')
      .set({ user_type: 2, first_name: firstNames[(i + 5) % firstNames.length] as string })
      .where('id', '=', id)
      .execute();
    clientIds.push(id);
  }
  return { sellerId, publicationId: pub.id, contactIds, clientIds };
}

const day = 86_400_000;

/** Sales `start` to `end` (exclusive) of a seller's history, newest first. */
async function seedChunk(db: BenchDb, seller: SellerSeed, start: number, end: number, now: Date) {
  const { sellerId, contactIds, clientIds } = seller;
  const nowIso = now.toISOString();
  {
    const plans = [];
    for (let i = start; i < end; i += 1) {
      const at = new Date(now.getTime() - i * 26 * 60_000);
      const slot = i % 10;
      const kind = slot < 8 ? ('booking' as const) : slot === 8 ? ('module' as const) : ('balance' as const);
      const unpaid = i % 4 === 3;
      // Of the unpaid appointments (i % 4 = 3), one in ten is a cart still held, one lapsed
      // unpaid, one was cancelled by the client; the rest wait for payment.
      const fates: Record<number, string> = { 3: 'held', 7: 'expired', 11: 'cancelled' };
      const fate = kind === 'booking' && unpaid ? (fates[i % 40] ?? 'ok') : 'ok';
      plans.push({ i, at, kind, unpaid, fate });
    }
    const bookingPlans = plans.filter((p) => p.kind === 'booking');
    const bookingIds =
      bookingPlans.length === 0
        ? []
        : await db
            .insertInto('bookings')
            .values(
              bookingPlans.map((p) => {
                const startsAt = new Date(p.at.getTime() + 3 * day).toISOString();
                return {
                  ref: newRef(),
                  publication_id: seller.publicationId,
                  professional_id: sellerId,
                  client_id: null,
                  contact_id: contactIds[p.i % contactIds.length] as number,
                  starts_at: startsAt,
                  ends_at: new Date(p.at.getTime() + 3 * day + 3_600_000).toISOString(),
                  state:
                    p.fate === 'held'
                      ? ('held' as const)
                      : p.fate === 'expired' || p.fate === 'cancelled'
                        ? ('cancelled' as const)
                        : ('done' as const),
                  hold_expires_at: p.fate === 'held' ? nowIso : null,
                  created_at: p.at.toISOString(),
                  updated_at: p.at.toISOString(),
                  title: titles[p.i % titles.length] as string,
                  modality_id: p.i % 3 === 0 ? 2 : 1,
                  cancel_reason: p.fate === 'expired' ? 'expired' : p.fate === 'cancelled' ? 'client' : null,
                  reminder_sent_at: null,
                };
              }),
            )
            .returning('id')
            .execute();
    const bookingOf = new Map(bookingPlans.map((p, n) => [p.i, bookingIds[n]?.id as number]));
    const rows = plans.map((p) => {
      const paid = !p.unpaid;
      const method = (p.i % 3 === 0 ? 'cash' : 'card') as 'cash' | 'card';
      return {
        ref: newRef(),
        kind: p.kind,
        seller_id: sellerId,
        buyer_id: p.kind === 'balance' ? (clientIds[p.i % clientIds.length] as number) : null,
        contact_id: p.kind === 'balance' ? null : (contactIds[p.i % contactIds.length] as number),
        booking_id: bookingOf.get(p.i) ?? null,
        description:
          p.kind === 'module'
            ? `Curso de mindfulness: módulo ${(p.i % 6) + 1}`
            : (titles[p.i % titles.length] as string),
        amount_minor: 500_000 + (p.i % 7) * 100_000,
        discount_minor: p.i % 5 === 0 ? 50_000 : 0,
        currency: 'ARS',
        method,
        state: paid
          ? ('paid' as const)
          : p.fate === 'expired' || p.fate === 'cancelled'
            ? ('void' as const)
            : ('pending' as const),
        provider: null,
        coupon_id: null,
        created_at: p.at.toISOString(),
        paid_at: paid ? p.at.toISOString() : null,
        updated_at: p.at.toISOString(),
        commission_bp: paid ? 1000 : null,
        commission_minor: paid ? 50_000 : null,
      };
    });
    const inserted = await db.insertInto('sales').values(rows).returning(['id']).execute();
    const payments = inserted.flatMap((s, n) => {
      const row = rows[n];
      if (row?.state !== 'paid') return [];
      return [
        {
          ref: newRef(),
          sale_id: s.id,
          provider: row.method === 'card' ? 'dLocal' : 'cash',
          provider_payment_id: null,
          amount_minor: row.amount_minor,
          currency: 'ARS',
          state: 'approved' as const,
          return_url: '',
          checkout_url: null,
          created_at: row.created_at,
          updated_at: row.created_at,
        },
      ];
    });
    if (payments.length > 0) await db.insertInto('payments').values(payments).execute();
    // Card sales older than the holding period go out in one payout per chunk (about a week).
    const due = inserted.filter((_, n) => {
      const row = rows[n];
      return (
        row?.state === 'paid' &&
        row.method === 'card' &&
        now.getTime() - Date.parse(row.created_at) > 14 * day
      );
    });
    if (due.length > 0) {
      const payout = await db
        .insertInto('payouts')
        .values({
          ref: newRef(),
          seller_id: sellerId,
          currency: 'ARS',
          amount_minor: due.length * 450_000,
          sales_count: due.length,
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('sales')
        .set({ payout_id: payout.id })
        .where(
          'id',
          'in',
          due.map((s) => s.id),
        )
        .execute();
    }
  }
}

export interface BillingBenchResult {
  database: string;
  sales: number;
  seedMs: number;
  scenarios: { name: string; total: number; p50: number; p95: number; max: number; cpuMs: number }[];
  /** A sale written, its payment approved and the sale marked paid (three statements), ms. */
  write: { p50: number; p95: number };
  problems: string[];
}

export async function runBillingBench(): Promise<BillingBenchResult> {
  const salesCount = Number(process.env.BENCH_SALES ?? 20_000);
  const repeat = Number(process.env.BENCH_REPEAT ?? 50);
  const otherSales = Number(process.env.BENCH_OTHER_SALES ?? 40_000);
  const otherSellers = 4;
  const keep = process.env.BENCH_KEEP === '1';
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const place = benchPlace('billing', databaseUrl);
  const config = benchConfig(defaultConfig, place, { seedDemo: false });
  const { app, deps } = await buildApp(config);
  const problems: string[] = [];
  try {
    const db = deps.db;
    const now = new Date('2026-11-22T12:00:00Z');
    const nowIso = now.toISOString();
    const pro = { id: await insertSeller(db, 'Bench', nowIso) };
    const token = await createSession(deps, pro.id, { ip: null, userAgent: 'bench' });
    if (keep) process.stderr.write(`professional id ${pro.id}\n`);

    const started = performance.now();
    // Other professionals' sales share the table (and the clients' names): the search must
    // find this professional's rows among them, not scan or count theirs. Written in turns, as
    // they would arrive, so one seller's rows are spread over the table as in production.
    const sellers = [await prepareSeller(db, pro.id, now)];
    for (let n = 0; n < otherSellers; n += 1) {
      sellers.push(await prepareSeller(db, await insertSeller(db, `Otro${n}`, nowIso), now));
    }
    const otherEach = Math.floor(otherSales / otherSellers);
    const chunk = 400;
    for (let start = 0; start < Math.max(salesCount, otherEach); start += chunk) {
      for (const [n, seller] of sellers.entries()) {
        const count = n === 0 ? salesCount : otherEach;
        if (start < count) await seedChunk(db, seller, start, Math.min(count, start + chunk), now);
      }
    }
    const seedMs = Math.round(performance.now() - started);
    // As autovacuum would have done on production tables this size (statistics for the planner,
    // the visibility map for index-only scans); only this schema's tables.
    if (databaseUrl)
      await sql`vacuum analyze sales, payments, bookings, contacts, users, payouts`.execute(db);
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

    const oneContact = (
      await db
        .selectFrom('contacts')
        .select('ref')
        .where('professional_id', '=', pro.id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).ref;

    const ask = (input: Record<string, unknown>) =>
      app.inject({
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
    const scenarios: [string, Record<string, unknown>][] = [
      ['first page, no search', {}],
      ['first page, search "lucía"', { search: 'lucía' }],
      ['first page, search "lucia" (typed without the accent)', { search: 'lucia' }],
      ['first page, search "terapia gómez"', { search: 'terapia gómez' }],
      ['first page, search "presencial"', { search: 'presencial' }],
      ['first page, search a sell id', { search: someRef }],
      ['first page, search a date "15/06/2026"', { search: '15/06/2026' }],
      ['first page, search with no match "ximena"', { search: 'ximena' }],
      ['first page, search "lucía" by debt', { search: 'lucía', sort: 'PendingPay', dir: 'desc' }],
      ['first page by client name', { sort: 'clientName', dir: 'asc' }],
      ['page 50', { page: 50 }],
      ["one client's sales (Contrataciones)", { consultantId: oneContact }],
    ];
    // The page after the first through the answer's cursor (when the server sends one).
    for (const [name, input] of [
      ['next page by cursor', {}],
      ['next page by cursor, search "lucía"', { search: 'lucía' }],
    ] as const) {
      const next = (await ask(input)).json().next;
      if (typeof next === 'string') scenarios.push([name, { ...input, next }]);
    }
    // Unmeasured requests first: the first scenario would otherwise carry the JIT's and the
    // caches' warm-up.
    const warmUp = 5;
    for (const [, input] of scenarios) await ask(input);
    const results: BillingBenchResult['scenarios'] = [];
    for (const [name, input] of scenarios) {
      const times: number[] = [];
      let total = 0;
      let cpu = process.cpuUsage();
      for (let i = 0; i < repeat + warmUp; i += 1) {
        const t0 = performance.now();
        const res = await ask(input);
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) {
          problems.push(`${name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          break;
        }
        total = res.json().total;
        if (i === warmUp - 1) cpu = process.cpuUsage();
        if (i >= warmUp) times.push(ms);
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
    // What the search costs writers (triggers keep it on each sale): a sale written, then its
    // payment approved, one at a time, as the booking and payment code do.
    const writes: number[] = [];
    const contactId = (
      await db
        .selectFrom('contacts')
        .select('id')
        .where('professional_id', '=', pro.id)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < repeat + warmUp; i += 1) {
      const t0 = performance.now();
      const written = await db
        .insertInto('sales')
        .values({
          ref: newRef(),
          kind: 'balance',
          seller_id: pro.id,
          buyer_id: null,
          contact_id: contactId,
          booking_id: null,
          description: 'Sesión de psicología',
          amount_minor: 500_000,
          discount_minor: 0,
          currency: 'ARS',
          method: 'cash',
          state: 'pending',
          provider: null,
          coupon_id: null,
          created_at: nowIso,
          paid_at: null,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('payments')
        .values({
          ref: newRef(),
          sale_id: written.id,
          provider: 'cash',
          provider_payment_id: null,
          amount_minor: 500_000,
          currency: 'ARS',
          state: 'approved',
          return_url: '',
          checkout_url: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .execute();
      await db
        .updateTable('sales')
        .set({ state: 'paid', paid_at: nowIso })
        .where('id', '=', written.id)
        .execute();
      if (i >= warmUp) writes.push(performance.now() - t0);
    }
    const sortedWrites = writes.sort((a, b) => a - b);
    return {
      database: databaseUrl ? 'PostgreSQL' : 'SQLite',
      sales: salesCount,
      seedMs,
      scenarios: results,
      write: { p50: round(percentile(sortedWrites, 50)), p95: round(percentile(sortedWrites, 95)) },
      problems,
    };
  } finally {
    await app.close();
    if (keep) {
      // For EXPLAIN by hand: the seeded database stays (and the professional's id is printed).
      process.stderr.write(
        `kept: ${databaseUrl ? `schema ${place.databaseSchema}` : path.join(place.dataDir, 'bench.sqlite')}\n`,
      );
    } else {
      await place.remove();
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
    '',
    `A sale written, its payment approved and the sale marked paid: p50 ${r.write.p50} ms, p95 ${r.write.p95} ms.`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runBillingBench();
  process.stdout.write(`\nSales table (find-billing-all)\n\n${formatBilling(result)}\n`);
  for (const p of result.problems) process.stderr.write(`ERROR billing: ${p}\n`);
  process.exitCode = result.problems.length === 0 ? 0 : 1;
}
