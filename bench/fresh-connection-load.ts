/**
 * A small load generator that opens a new connection for every request, run in a worker
 * thread so that it does not share the server's event loop.
 *
 * autocannon keeps connections alive and cannot time answers that close the connection: it
 * writes the next request on the closing socket, and the lost request's start time is then
 * charged to the answer that follows on the new connection (seen here: p50 of 2 s for an
 * answer that takes 8 ms). Fastify closes the connection after a body it could not parse, so
 * the invalid-JSON path is measured with this instead.
 */
import { runLoadWorker } from './find-turns-load.ts';

export interface FreshConnectionOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  durationSec: number;
}

export interface FreshConnectionResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

// Plain JavaScript: the worker runs it with eval, outside any TypeScript loader.
const workerSource = `
const http = require('node:http');
const { parentPort, workerData: o } = require('node:worker_threads');
const latencies = [];
const statusCodes = {};
let errors = 0;
let timeouts = 0;
const started = Date.now();
const end = started + o.durationSec * 1000;
function one() {
  return new Promise((resolve) => {
    const t = process.hrtime.bigint();
    const req = http.request(
      { host: '127.0.0.1', port: o.port, path: o.path, method: 'POST', agent: false, headers: o.headers, timeout: 10000 },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
          statusCodes[res.statusCode] = (statusCodes[res.statusCode] || 0) + 1;
          resolve();
        });
      },
    );
    req.on('timeout', () => { timeouts++; req.destroy(); });
    req.on('error', () => { errors++; resolve(); });
    req.end(o.body);
  });
}
async function loop() {
  while (Date.now() < end) await one();
}
Promise.all(Array.from({ length: o.connections }, loop)).then(() => {
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] : 0);
  parentPort.postMessage({
    rps: Math.round(latencies.length / seconds),
    p50Ms: Math.round(at(0.5)),
    p99Ms: Math.round(at(0.99)),
    maxMs: Math.round(latencies[latencies.length - 1] || 0),
    statusCodes,
    errors,
    timeouts,
  });
});
`;

export function freshConnectionLoad(options: FreshConnectionOptions): Promise<FreshConnectionResult> {
  return runLoadWorker(workerSource, options);
}
