/**
 * Load test of the real-time channel (issue 17): N WebSocket clients on two app instances that
 * share PostgreSQL and Redis, exchanging chat messages. Every professional's socket is on
 * instance A and every client's on instance B; each side sends through its own instance's HTTP
 * action (send-chat-message, stored, then published on the bus), so every message crosses
 * instances before it reaches the other browser. Reports messages per second delivered, the
 * delivery latency (send → the other side's frame) p50/p99/max, the servers' memory per open
 * connection and how many messages were lost (sent with 200 but never delivered).
 *
 * Both instances run in this process (the twin of apps/server/src/test/test-app.ts: one database
 * schema and Redis prefix, separate process state); the clients run in a worker thread so that
 * they do not share the servers' event loop. Each sender keeps under the chat's own limit (30
 * messages a minute per person), as people do: the rate is what N people produce, not a flood.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/agendo_ci \
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 node --expose-gc --import tsx bench/ws-load.ts
 *   BENCH_PAIRS=200      professional + client pairs (N = 2 × pairs sockets)
 *   BENCH_SECONDS=30     how long they write
 *   BENCH_RATE=0.45      messages per second per person (the limit is 0.5)
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { makeUser } from '../apps/server/src/test/booking-fixtures.ts';
import { bookBetween } from '../apps/server/src/test/chat-fixtures.ts';
import { startTestApp } from '../apps/server/src/test/test-app.ts';
import { wsUrlOf } from '../apps/server/src/test/ws-client.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const redisUrl = process.env.BENCH_REDIS_URL ?? '';
if (!databaseUrl || !redisUrl) {
  console.error('ws-load: set BENCH_DATABASE_URL and BENCH_REDIS_URL (two instances need both).');
  process.exit(2);
}
process.env.TEST_DATABASE_URL = databaseUrl;
process.env.TEST_REDIS_URL = redisUrl;

const pairs = Number(process.env.BENCH_PAIRS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const rate = Number(process.env.BENCH_RATE ?? 0.45);

interface Pair {
  chat: string;
  proToken: string;
  clientToken: string;
}

// Plain JavaScript: the worker runs it with eval, outside any TypeScript loader.
const workerSource = `
const { parentPort, workerData: o } = require('node:worker_threads');
const WebSocket = require(o.wsPath);
const sockets = [];
const latencies = [];
const answers = [];
const delivered = new Set();
const sentIds = new Set();
let sendErrors = 0;
const statuses = {};
let closedEarly = 0;
let measuring = true;

function open(url, token, role) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['agendo.v1', 'bearer.' + token]);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type !== 'chat.message' || frame.message.senderRole === role) return;
      const match = /^bench (\\S+) (\\d+(?:\\.\\d+)?)$/.exec(frame.message.text);
      if (!match || delivered.has(match[1])) return;
      delivered.add(match[1]);
      latencies.push(performance.now() - Number(match[2]));
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.on('close', () => { if (measuring) closedEarly++; });
    sockets.push(ws);
  });
}

async function send(http, token, chat, id) {
  const t = performance.now();
  try {
    const response = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ action: 'send-chat-message', ref: chat, text: 'bench ' + id + ' ' + performance.now() }),
      // An answer later than this counts as not sent (the server is past its capacity).
      signal: AbortSignal.timeout(15000),
    });
    await response.arrayBuffer();
    answers.push(performance.now() - t);
    if (response.status === 200) sentIds.add(id);
    else {
      sendErrors++;
      statuses[response.status] = (statuses[response.status] || 0) + 1;
    }
  } catch (error) {
    // A request that never got an answer (connection refused or reset): not sent, so not lost.
    sendErrors++;
    const code = (error && error.cause && error.cause.code) || 'network';
    statuses[code] = (statuses[code] || 0) + 1;
  }
}

(async () => {
  // Opened a few at a time, as browsers arrive.
  for (let i = 0; i < o.pairs.length; i += 20) {
    await Promise.all(o.pairs.slice(i, i + 20).flatMap((p) => [
      open(o.wsA, p.proToken, 'professional'),
      open(o.wsB, p.clientToken, 'client'),
    ]));
  }
  parentPort.postMessage({ type: 'connected', sockets: sockets.length });
  await new Promise((resolve) => parentPort.once('message', resolve));

  const started = performance.now();
  const end = started + o.seconds * 1000;
  const every = 1000 / o.rate;
  let n = 0;
  const senders = o.pairs.flatMap((p, i) => [
    { http: o.httpA, token: p.proToken, chat: p.chat, name: 'p' + i },
    { http: o.httpB, token: p.clientToken, chat: p.chat, name: 'c' + i },
  ]);
  const pending = [];
  await Promise.all(senders.map(async (s) => {
    // A random phase, so the senders do not write in lockstep.
    let at = started + Math.random() * every;
    while (at < end) {
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(send(s.http, s.token, s.chat, s.name + '-' + n++));
      at += every;
    }
  }));
  await Promise.all(pending);
  const sendingEnded = performance.now();
  // Stragglers: wait until everything sent arrived, or 10 s.
  const deadline = performance.now() + 10000;
  while (delivered.size < sentIds.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  const lost = [...sentIds].filter((id) => !delivered.has(id)).length;
  for (const ws of sockets) ws.close();
  parentPort.postMessage({
    type: 'done',
    sent: sentIds.size,
    delivered: delivered.size,
    lost,
    sendErrors,
    statuses,
    closedEarly,
    latencies,
    answers,
    sendingSeconds: (sendingEnded - started) / 1000,
  });
})().catch((error) => parentPort.postMessage({ type: 'error', error: String(error && error.stack || error) }));
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed };
}

const a = await startTestApp();
const b = await a.startTwin();
const wsA = await wsUrlOf(a.app);
const wsB = await wsUrlOf(b.app);
const httpOf = (ws: string) => ws.replace('ws://', 'http://').replace(/\/ws$/, '/index.php');

console.log(`ws-load: ${pairs} pairs (${pairs * 2} sockets), ${seconds} s at ${rate} msg/s per person`);
const list: Pair[] = [];
for (let i = 0; i < pairs; i++) {
  const pro = await makeUser(a, { userType: 1 });
  const client = await makeUser(a);
  const bookingRef = await bookBetween(a, pro.id, client.token);
  const opened = await a.call('open-chat', { ref: bookingRef }, client.token);
  list.push({ chat: opened.body.chat.ref, proToken: pro.token, clientToken: client.token });
}

const before = memory();
const worker = new Worker(workerSource, {
  eval: true,
  workerData: {
    wsPath: createRequire(import.meta.url).resolve('ws'),
    wsA,
    wsB,
    httpA: httpOf(wsA),
    httpB: httpOf(wsB),
    pairs: list,
    seconds,
    rate,
  },
});
interface Done {
  type: 'done';
  sent: number;
  delivered: number;
  lost: number;
  sendErrors: number;
  statuses: Record<string, number>;
  closedEarly: number;
  latencies: number[];
  answers: number[];
  sendingSeconds: number;
}
type WorkerMessage = { type: 'connected'; sockets: number } | Done | { type: 'error'; error: string };
let heapPerConnection = Number.NaN;
const result = await new Promise<Done>((resolve, reject) => {
  worker.on('error', reject);
  worker.on('message', (m: WorkerMessage) => {
    if (m.type === 'connected') {
      // The servers' JS heap (this thread's; the clients live in the worker's own heap), after a
      // full collection on both sides of the opening.
      const after = memory();
      heapPerConnection = (after.heap - before.heap) / m.sockets / 1024;
      console.log(`memory per connection (both servers' heap): ${heapPerConnection.toFixed(1)} KiB`);
      worker.postMessage('go');
    } else if (m.type === 'done') resolve(m);
    else reject(new Error(m.error));
  });
});
await worker.terminate();

const sorted = [...result.latencies].sort((x, y) => x - y);
const answered = [...result.answers].sort((x, y) => x - y);
const figures = {
  sockets: pairs * 2,
  heapPerConnectionKiB: Number(heapPerConnection.toFixed(1)),
  sent: result.sent,
  delivered: result.delivered,
  lost: result.lost,
  sendErrors: result.sendErrors,
  sendErrorsBy: result.statuses,
  socketsClosedEarly: result.closedEarly,
  messagesPerSecond: Number((result.delivered / result.sendingSeconds).toFixed(1)),
  p50Ms: Number(percentile(sorted, 50).toFixed(1)),
  p99Ms: Number(percentile(sorted, 99).toFixed(1)),
  maxMs: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
  // The sender's HTTP answer (stored and published): the part of the latency before the bus.
  sendAnswerP50Ms: Number(percentile(answered, 50).toFixed(1)),
  sendAnswerP99Ms: Number(percentile(answered, 99).toFixed(1)),
};
console.log(JSON.stringify(figures, null, 2));
await b.app.close();
await a.close();
process.exit(figures.lost === 0 && figures.sendErrors === 0 ? 0 : 1);
