/**
 * HTTP benchmark of the RPC dispatcher (POST /index.php).
 *
 * Starts the real app in this process on an ephemeral loopback port (SQLite in a temp file,
 * in-memory rate limits, demo accounts seeded), signs in once as the demo professional, then
 * loads three paths in turn with autocannon from a worker thread, so that the load generator
 * does not share the server's event loop:
 *   a. find-countries   public action, no database access (reference data in memory)
 *   b. find-user-info   bearer token → session lookup + user row read (two SQLite queries)
 *   c. invalid JSON     the framework's 400 path, answered before the dispatcher
 * Traffic goes to 127.0.0.1 only, and every scenario is bounded in time.
 */
import { pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { defaultConfig } from '../apps/server/src/config.ts';
import { demoPassword, seedDemo } from '../apps/server/src/seed/seed.ts';
import { benchConfig, benchPlace, listenOnLoopback } from './bench-app.ts';
import { freshConnectionLoad, type LoadResult } from './load-generator.ts';

export interface Target {
  /** Minimum average requests per second. */
  minRps: number;
  /** Maximum 99th-percentile latency, milliseconds. */
  maxP99Ms: number;
}

export interface Scenario {
  name: string;
  description: string;
  headers: Record<string, string>;
  body: string;
  /** The only status code every response must have. */
  expectStatus: number;
  /** autocannon (keep-alive) or one new connection per request (answers that close it). */
  load: 'autocannon' | 'fresh-connections';
  target: Target;
}

export interface ScenarioResult {
  name: string;
  description: string;
  load: Scenario['load'];
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  rssMiB: number;
  /** What went wrong beyond plain slowness (unexpected statuses, socket errors). */
  problems: string[];
  targetMet: boolean;
}

export interface BenchOptions {
  durationSec: number;
  connections: number;
  log?: (line: string) => void;
}

/**
 * Targets on the 2-core reference machine, set from the runs in README.md with a wide margin
 * (about 40 % of the throughput measured, about four times its p99), because the machine is
 * shared and noisy: a miss means a real regression, not a bad minute.
 */
export const targets: Record<string, Target> = {
  'find-countries': { minRps: 1000, maxP99Ms: 50 },
  'find-user-info': { minRps: 1000, maxP99Ms: 50 },
  'invalid-json': { minRps: 1000, maxP99Ms: 50 },
};

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function runRpcBench(options: BenchOptions): Promise<ScenarioResult[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const place = benchPlace('rpc', null);
  const config = benchConfig(defaultConfig, place, { seedDemo: true });
  const { app, deps } = await buildApp(config);
  try {
    await seedDemo(deps);
    const port = await listenOnLoopback(app);
    const url = `http://127.0.0.1:${port}/index.php`;
    log(`server on ${url}, data in ${place.dataDir}`);

    const json = { 'content-type': 'application/json' };
    const login = await fetch(url, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        action: 'login',
        userMail: 'profesional@agendo.test',
        userPassword: demoPassword,
      }),
    });
    const loginBody = (await login.json()) as { status?: string; token?: string };
    if (login.status !== 200 || !loginBody.token) {
      throw new Error(`login failed: HTTP ${login.status} ${JSON.stringify(loginBody)}`);
    }
    const auth = { ...json, authorization: `Bearer ${loginBody.token}` };

    const scenarios: Scenario[] = [
      {
        name: 'find-countries',
        description: 'public action, reference data',
        headers: json,
        body: JSON.stringify({ action: 'find-countries', userLang: 'es' }),
        expectStatus: 200,
        load: 'autocannon',
        target: targets['find-countries'] as Target,
      },
      {
        name: 'find-user-info',
        description: 'signed-in action, session + user read',
        headers: auth,
        body: JSON.stringify({ action: 'find-user-info' }),
        expectStatus: 200,
        load: 'autocannon',
        target: targets['find-user-info'] as Target,
      },
      {
        name: 'invalid-json',
        description: 'malformed body, 400 envelope',
        headers: json,
        body: '{"action": "find-countries",',
        expectStatus: 400,
        // Fastify answers `connection: close` to a body it could not parse.
        load: 'fresh-connections',
        target: targets['invalid-json'] as Target,
      },
    ];

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      // One request first: the answer must be the expected one before it is measured.
      const probe = await fetch(url, { method: 'POST', headers: scenario.headers, body: scenario.body });
      const probeBody = await probe.text();
      if (probe.status !== scenario.expectStatus || probeBody.includes('"stack"')) {
        throw new Error(
          `${scenario.name}: expected HTTP ${scenario.expectStatus}, got ${probe.status} ${probeBody}`,
        );
      }

      log(`running ${scenario.name} for ${options.durationSec} s with ${options.connections} connections…`);
      const m = await measure(scenario, port, options);
      const requests = Object.values(m.statusCodes).reduce((a, b) => a + b, 0);

      const problems: string[] = [];
      if (requests === 0) problems.push('no request completed');
      for (const [code, count] of Object.entries(m.statusCodes)) {
        if (Number(code) !== scenario.expectStatus) problems.push(`${count} responses with HTTP ${code}`);
      }
      if (m.errors > 0) problems.push(`${m.errors} socket errors`);
      if (m.timeouts > 0) problems.push(`${m.timeouts} timeouts`);

      const entry: ScenarioResult = {
        name: scenario.name,
        description: scenario.description,
        load: scenario.load,
        rps: m.rps,
        p50Ms: m.p50Ms,
        p99Ms: m.p99Ms,
        maxMs: m.maxMs,
        requests,
        non2xx: Object.entries(m.statusCodes)
          .filter(([code]) => Number(code) < 200 || Number(code) > 299)
          .reduce((sum, [, n]) => sum + n, 0),
        errors: m.errors,
        timeouts: m.timeouts,
        statusCodes: m.statusCodes,
        rssMiB: mib(process.memoryUsage.rss()),
        problems,
        targetMet: m.rps >= scenario.target.minRps && m.p99Ms <= scenario.target.maxP99Ms,
      };
      results.push(entry);
      log(
        `  ${entry.rps} req/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, statuses ${JSON.stringify(m.statusCodes)}` +
          `${problems.length ? `, PROBLEMS: ${problems.join('; ')}` : ''}`,
      );
    }
    return results;
  } finally {
    await app.close();
    await place.remove();
  }
}

/** Both load generators report the same figures. */
type Measured = Pick<LoadResult, 'rps' | 'p50Ms' | 'p99Ms' | 'maxMs' | 'statusCodes' | 'errors' | 'timeouts'>;

async function measure(scenario: Scenario, port: number, options: BenchOptions): Promise<Measured> {
  if (scenario.load === 'fresh-connections') {
    return freshConnectionLoad({
      port,
      path: '/index.php',
      headers: scenario.headers,
      bodies: [scenario.body],
      connections: options.connections,
      durationSec: options.durationSec,
    });
  }
  // workers: 1 puts the load generator on a thread of its own, off the server's event loop.
  const result: Result = await autocannon({
    url: `http://127.0.0.1:${port}/index.php`,
    title: scenario.name,
    method: 'POST',
    headers: scenario.headers,
    body: scenario.body,
    connections: options.connections,
    duration: options.durationSec,
    timeout: 10,
    workers: 1,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function formatTable(results: ScenarioResult[]): string {
  const header =
    '| scenario | load | req/s | p50 ms | p99 ms | max ms | requests | non-2xx | errors | RSS after MiB | target |';
  const rule = '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map((r) => {
    const t = targets[r.name];
    const target = t ? `≥ ${t.minRps} req/s, p99 ≤ ${t.maxP99Ms} ms: ${r.targetMet ? 'met' : 'MISSED'}` : '';
    return `| ${r.name} | ${r.load} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.rssMiB} | ${target} |`;
  });
  return [header, rule, ...rows].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runRpcBench({
    durationSec: Number(process.env.BENCH_DURATION ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  });
  process.stdout.write(`\n${formatTable(results)}\n`);
  process.exitCode = results.some((r) => r.problems.length > 0) ? 1 : 0;
}
