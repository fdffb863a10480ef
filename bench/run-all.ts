/**
 * Runs every benchmark of the project and prints one table. Exits non-zero when a benchmark
 * saw unexpected answers or errors; a missed performance target only fails with BENCH_STRICT=1.
 *
 *   BENCH_DURATION     seconds per scenario (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 10)
 */
import os from 'node:os';
import { formatTable, runRpcBench } from './rpc.bench.ts';

const durationSec = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (!(durationSec > 0 && durationSec <= 120))
  throw new Error('BENCH_DURATION must be between 1 and 120 seconds');
if (!(connections > 0 && connections <= 200)) throw new Error('BENCH_CONNECTIONS must be between 1 and 200');

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `Agendo benchmarks, ${new Date().toISOString()}\n` +
    `node ${process.version}, ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n\n`,
);

const results = await runRpcBench({ durationSec, connections });
process.stdout.write(
  `\nRPC dispatcher (POST /index.php), ${connections} connections, ${durationSec} s each\n\n`,
);
process.stdout.write(`${formatTable(results)}\n`);

const broken = results.filter((r) => r.problems.length > 0);
const missed = results.filter((r) => !r.targetMet);
for (const r of broken) process.stderr.write(`ERROR ${r.name}: ${r.problems.join('; ')}\n`);
for (const r of missed) process.stderr.write(`target missed: ${r.name}\n`);
process.exitCode = broken.length > 0 || (process.env.BENCH_STRICT === '1' && missed.length > 0) ? 1 : 0;
if (!(await (await import('./clinical.bench.ts')).runAndPrintClinicalBench())) process.exitCode = 1;
