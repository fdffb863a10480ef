/**
 * The benches' own load generator, run in a worker thread so it does not share the server's
 * event loop. It records every latency and reports p50, p95 and p99 exactly (autocannon reports
 * no 95th percentile, which the find-turns target is set on). Bodies rotate through the list
 * given, one per request.
 *
 * Two ways to connect: kept alive (find-turns, queries), or a new connection for every request
 * (rpc's invalid-JSON path). autocannon keeps connections alive and cannot time answers that
 * close the connection: it writes the next request on the closing socket, and the lost
 * request's start time is then charged to the answer that follows on the new connection (seen
 * here: p50 of 2 s for an answer that takes 8 ms). Fastify closes the connection after a body it
 * could not parse, so that path is measured with fresh connections.
 */
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  durationSec: number;
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

// Plain JavaScript: the worker runs it with eval, outside any TypeScript loader.
const workerSource = `
const http = require('node:http');
const { parentPort, workerData: o } = require('node:worker_threads');
const agent = o.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: o.connections }) : false;
const latencies = [];
const statusCodes = {};
let errors = 0;
let timeouts = 0;
let next = 0;
const started = Date.now();
const end = started + o.durationSec * 1000;
function one() {
  const body = o.bodies[next++ % o.bodies.length];
  return new Promise((resolve) => {
    const t = process.hrtime.bigint();
    const req = http.request(
      { host: '127.0.0.1', port: o.port, path: o.path, method: 'POST', agent, headers: { ...o.headers, 'content-length': Buffer.byteLength(body) }, timeout: 10000 },
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
    req.end(body);
  });
}
async function loop() {
  while (Date.now() < end) await one();
}
Promise.all(Array.from({ length: o.connections }, loop)).then(() => {
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] : 0);
  const r1 = (n) => Math.round(n * 10) / 10;
  if (agent) agent.destroy();
  parentPort.postMessage({
    rps: Math.round(latencies.length / seconds),
    p50Ms: r1(at(0.5)),
    p95Ms: r1(at(0.95)),
    p99Ms: r1(at(0.99)),
    maxMs: r1(latencies[latencies.length - 1] || 0),
    requests: latencies.length,
    statusCodes,
    errors,
    timeouts,
  });
});
`;

/** Load over connections kept alive. */
export function keepAliveLoad(options: LoadOptions): Promise<LoadResult> {
  return runLoadWorker(workerSource, { ...options, keepAlive: true });
}

/** Load that opens a new connection for every request (see above why). */
export function freshConnectionLoad(options: LoadOptions): Promise<LoadResult> {
  return runLoadWorker(workerSource, { ...options, keepAlive: false });
}

/**
 * Runs a load generator's source in a worker thread (so it does not share the server's event
 * loop) and answers the one message it posts.
 */
function runLoadWorker<Result>(source: string, workerData: unknown): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData });
    worker.once('message', (result: Result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    // After the result came, terminate() ends it with code 1; that settles nothing any more.
    worker.once('exit', (code) => reject(new Error(`load worker exited with ${code} before its result`)));
  });
}
