/**
 * Benchmark of the clinical history (issue 5): the CIE-10 search that runs on every key press,
 * and a contact record with 500 clinical entries opened (the nine finds of the tabs) and
 * printed (print-records, then the PDF fetched), all through the real HTTP server.
 *
 * The app is built in this process (production mode, SQLite in a temp file, demo seeded) and
 * listens on an ephemeral 127.0.0.1 port; requests are sequential (one person typing, one
 * person opening a record), so the numbers are latencies, not throughput.
 *
 *   npx tsx bench/clinical.bench.ts      (also run by `npm run bench`)
 *   BENCH_CIE_REPEAT=50                  requests per CIE-10 query (default 30)
 */
import { pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import { buildApp } from '../apps/server/src/app.ts';
import { defaultConfig } from '../apps/server/src/config.ts';
import { newRef } from '../apps/server/src/lib/random.ts';
import { searchCie, warmCieIndex } from '../apps/server/src/modules/clinical/cie10.index.ts';
import { unfilledContactFields } from '../apps/server/src/modules/contacts/contacts.service.ts';
import { demoPassword, seedDemo } from '../apps/server/src/seed/seed.ts';
import { benchConfig, benchPlace, listenOnLoopback } from './bench-app.ts';

/** What a professional types, key press by key press, and whole terms. */
export const cieQueries = [
  'a',
  'as',
  'asm',
  'asma',
  'F',
  'F3',
  'F32',
  'F32.',
  'F32.1',
  'f321',
  'd',
  'de',
  'dep',
  'depr',
  'depresion',
  'depresión leve',
  'diab',
  'diabetes',
  'diabetes tipo 2',
  'hip',
  'hipert',
  'hipertension',
  'hipertensión esencial',
  'I10',
  'E11',
  'E11.9',
  'J45',
  'lumb',
  'lumbago',
  'ansiedad',
  'trastorno de ansiedad',
  'insomnio',
  'migra',
  'cefalea',
  'dolor abdominal',
  'infeccion urinaria',
  'gastritis',
  'covid',
  'otitis media',
  'obesidad',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

function stats(times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

function tinyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Informe');
    doc.end();
  });
}

export interface ClinicalBenchResult {
  cie: {
    query: string;
    results: number;
    httpP50: number;
    httpP95: number;
    searchP50: number;
    searchP95: number;
  }[];
  cieOverall: { httpP50: number; httpP95: number; searchP50: number; searchP95: number };
  entries: number;
  createMs: number;
  open: { p50: number; p95: number; max: number; runs: number };
  print: { p50: number; p95: number; max: number; runs: number; pdfBytes: number };
  problems: string[];
}

export async function runClinicalBench(
  log = (line: string) => process.stdout.write(`${line}\n`),
): Promise<ClinicalBenchResult> {
  const repeat = Number(process.env.BENCH_CIE_REPEAT ?? 30);
  const place = benchPlace('clinical', null);
  const config = benchConfig(defaultConfig, place, { seedDemo: true });
  const { app, deps } = await buildApp(config);
  const problems: string[] = [];
  try {
    await seedDemo(deps);
    const base = `http://127.0.0.1:${await listenOnLoopback(app)}`;
    log(`server on ${base}, data in ${place.dataDir}`);

    const login = await fetch(`${base}/index.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'login',
        userMail: 'profesional@agendo.test',
        userPassword: demoPassword,
      }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (!token) throw new Error('login failed');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const rpc = async (action: string, input: Record<string, unknown>) => {
      const res = await fetch(`${base}/index.php`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action, ...input }),
      });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200)
        problems.push(`${action}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
      return body;
    };

    // ——— CIE-10 search ———
    warmCieIndex();
    await rpc('find-code-cie', { search: 'warm' });
    const cie: ClinicalBenchResult['cie'] = [];
    const allHttp: number[] = [];
    const allSearch: number[] = [];
    for (const query of cieQueries) {
      const http: number[] = [];
      const pure: number[] = [];
      let results = 0;
      for (let i = 0; i < repeat; i++) {
        const started = performance.now();
        const body = await rpc('find-code-cie', { search: query });
        http.push(performance.now() - started);
        results = Array.isArray(body.results) ? body.results.length : 0;
        const s = performance.now();
        searchCie(query);
        pure.push(performance.now() - s);
      }
      allHttp.push(...http);
      allSearch.push(...pure);
      const h = stats(http);
      const p = stats(pure);
      cie.push({ query, results, httpP50: h.p50, httpP95: h.p95, searchP50: p.p50, searchP95: p.p95 });
    }
    const oh = stats(allHttp);
    const os_ = stats(allSearch);

    // ——— A record with 500 entries ———
    const pro = await deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'profesional@agendo.test')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const consId = newRef();
    await deps.db
      .insertInto('contacts')
      .values({
        ref: consId,
        professional_id: pro.id,
        user_id: null,
        first_name: 'Paciente',
        last_name: 'Benchmark',
        email: `bench-${consId.toLowerCase()}@ejemplo.test`,
        phone: '+5491155550000',
        country_id: 5,
        ...unfilledContactFields,
        gender: 2,
        birth_year: 1980,
        birth_month: 1,
        birth_day: 1,
        img: null,
        note: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
    const form = new FormData();
    form.append('consId', consId);
    form.append(
      'images[]',
      new Blob([new Uint8Array(await tinyPdf())], { type: 'application/pdf' }),
      'informe.pdf',
    );
    const uploaded = await fetch(`${base}/upload-studies-files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const files = (await uploaded.json()) as { id: string }[];
    if (uploaded.status !== 200) problems.push(`upload: HTTP ${uploaded.status}`);

    const text =
      'Paciente refiere mejoría progresiva; se ajustan pautas de sueño y actividad física. '.repeat(3);
    const makers: (() => [string, Record<string, unknown>])[] = [
      () => ['save-chief-complaint', { description: text }],
      () => [
        'save-medical-sessions',
        { description: text, cie10Code: [{ cie10Code: 'F41.1' }, { cie10Code: 'G47.0' }] },
      ],
      () => [
        'save-medical-studies',
        { studyType: 'Hemograma completo', studyDate: '2026-08-20', description: text, files },
      ],
      () => [
        'save-medical-treatments',
        {
          treatmentName: 'Sertralina',
          treatmentDose: '50 mg/día',
          startDate: '2026-01-10',
          endDate: '2026-06-10',
          status: 3,
          description: text,
          cie10Code: [{ cie10Code: 'F32.1' }],
          files,
        },
      ],
      () => [
        'save-medical-consent',
        { studyType: 'Consentimiento informado general', studyDate: '2026-01-10', signedBy: 1, files },
      ],
      () => [
        'save-medical-allergies',
        {
          allergyName: 'Penicilina',
          severity: 3,
          reaction: 'Urticaria',
          description: text,
          cie10Code: 'Z88.0',
        },
      ],
      () => ['save-personal-background', { backgroundType: 1, description: text, cie10Code: 'J45.9' }],
      () => ['save-personal-background', { backgroundType: 2, description: text, cie10Code: 'E11.9' }],
      () => [
        'save-medical-vaccines',
        { vaccineName: 'Antigripal (influenza)', vaccineDate: '2026-04-15', description: text, files },
      ],
    ];
    const entries = 500;
    const created = performance.now();
    for (let i = 0; i < entries; i++) {
      const [action, input] = (makers[i % makers.length] as () => [string, Record<string, unknown>])();
      await rpc(action, { consId, ...input });
    }
    const createMs = Math.round(performance.now() - created);
    log(`created ${entries} entries in ${createMs} ms`);

    const finds: [string, Record<string, unknown>][] = [
      ['find-chief-complaint', {}],
      ['find-medical-sessions', {}],
      ['find-medical-studies', {}],
      ['find-medical-treatments', {}],
      ['find-medical-consent', {}],
      ['find-medical-allergies', {}],
      ['find-personal-background', { type: 1 }],
      ['find-personal-background', { type: 2 }],
      ['find-medical-vaccines', {}],
    ];
    const openTimes: number[] = [];
    for (let run = 0; run < 20; run++) {
      const started = performance.now();
      let seen = 0;
      for (const [action, extra] of finds) {
        const body = await rpc(action, { consId, next: 0, ...extra });
        seen += Array.isArray(body.results) ? body.results.length : 0;
      }
      openTimes.push(performance.now() - started);
      if (seen !== entries) problems.push(`open: saw ${seen} entries, expected ${entries}`);
    }

    const printTimes: number[] = [];
    let pdfBytes = 0;
    for (let run = 0; run < 10; run++) {
      const started = performance.now();
      const body = await rpc('print-records', { ref: consId });
      const pdf = await fetch(`${base}${String(body.file)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      printTimes.push(performance.now() - started);
      pdfBytes = bytes.length;
      if (pdf.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') problems.push('print: no PDF');
    }

    return {
      cie,
      cieOverall: { httpP50: oh.p50, httpP95: oh.p95, searchP50: os_.p50, searchP95: os_.p95 },
      entries,
      createMs,
      open: { ...stats(openTimes), runs: openTimes.length },
      print: { ...stats(printTimes), runs: printTimes.length, pdfBytes },
      problems,
    };
  } finally {
    await app.close();
    await place.remove();
  }
}

export function formatClinical(r: ClinicalBenchResult): string {
  const lines = [
    'CIE-10 search (find-code-cie over HTTP, and the in-memory search alone), ms:',
    '',
    '| query | results | HTTP p50 | HTTP p95 | search p50 | search p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.cie.map(
      (c) =>
        `| \`${c.query}\` | ${c.results} | ${c.httpP50} | ${c.httpP95} | ${c.searchP50} | ${c.searchP95} |`,
    ),
    `| **all ${r.cie.length} queries** | | ${r.cieOverall.httpP50} | ${r.cieOverall.httpP95} | ${r.cieOverall.searchP50} | ${r.cieOverall.searchP95} |`,
    '',
    `Record with ${r.entries} entries (created in ${r.createMs} ms through save-* calls), ms:`,
    '',
    '| scenario | runs | p50 | p95 | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| open: the nine tab finds in turn | ${r.open.runs} | ${round(r.open.p50)} | ${round(r.open.p95)} | ${round(r.open.max)} |`,
    `| print-records + fetch the PDF (${Math.round(r.print.pdfBytes / 1024)} KiB) | ${r.print.runs} | ${round(r.print.p50)} | ${round(r.print.p95)} | ${round(r.print.max)} |`,
  ];
  return lines.join('\n');
}

/** Used by run-all.ts: prints the tables and reports problems through the exit code. */
export async function runAndPrintClinicalBench(): Promise<boolean> {
  const result = await runClinicalBench();
  process.stdout.write(`\nClinical history\n\n${formatClinical(result)}\n`);
  for (const p of result.problems) process.stderr.write(`ERROR clinical: ${p}\n`);
  return result.problems.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await runAndPrintClinicalBench();
  process.exitCode = ok ? 0 : 1;
}
