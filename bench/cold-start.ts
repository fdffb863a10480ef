/**
 * Cold start and resident memory of the server (issue 13), and the bytes of a public page's
 * first-load JS with and without compression. Needs `npm run build` first (web app and
 * apps/server/dist/main.js).
 *
 *   npx tsx bench/cold-start.ts                             # 5 starts per way (a minute or two)
 *   BENCH_BEFORE_REF=<commit> npx tsx bench/cold-start.ts   # "before" is that commit's start
 *   BENCH_RUNS=10 npx tsx bench/cold-start.ts
 *
 * Every start is on the same existing data folder (seeded once beforehand), SQLite, port on
 * 127.0.0.1. "first 200" is the time from spawning the command to the first 200 of /healthz
 * (polled every 10 ms); memory is read from /proc 1 s after that: the serving node process's RSS
 * and the whole process tree's (npm and sh included when they wrap it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
if (!(runs >= 1 && runs <= 50)) throw new Error('BENCH_RUNS must be between 1 and 50');
const compiled = path.join(repoRoot, 'apps/server/dist/main.js');
if (!fs.existsSync(compiled))
  throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');

/**
 * The two ways to start, side by side. "before" is the old start (npm → tsx compiling TypeScript
 * → node) of the commit BENCH_BEFORE_REF, checked out for the run in bench/.before (it finds
 * this checkout's node_modules); without it, the old way of starting on this checkout's source.
 */
const beforeRef = process.env.BENCH_BEFORE_REF;
const beforeTree = beforeRef ? path.join(repoRoot, 'bench/.before') : repoRoot;
if (beforeRef) {
  fs.rmSync(beforeTree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: repoRoot });
  execFileSync('git', ['worktree', 'add', '--detach', beforeTree, beforeRef], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  // Its own contract (the workspace link in node_modules points at this checkout's); every other
  // package resolves up to this checkout's node_modules.
  fs.mkdirSync(path.join(beforeTree, 'node_modules/@agendo'), { recursive: true });
  fs.symlinkSync('../../packages/contract', path.join(beforeTree, 'node_modules/@agendo/contract'));
}
const webDist = path.join(repoRoot, 'apps/web/dist');
// The old build wrote no .br/.gz siblings: "before" serves the same build without them.
const plainWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-cold-web-'));
fs.cpSync(webDist, plainWebDist, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });
// Whatever happens (a start that never answers throws), the temporary folders, the checkout
// and any server still running go away.
const running: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL');
  for (const way of ways) fs.rmSync(way.dataDir, { recursive: true, force: true });
  fs.rmSync(plainWebDist, { recursive: true, force: true });
  if (beforeRef) execFileSync('git', ['worktree', 'remove', '--force', beforeTree], { cwd: repoRoot });
});
const ways = [
  {
    name: `before: npm exec tsx apps/server/src/main.ts${beforeRef ? ` at ${beforeRef.slice(0, 7)}` : ''}`,
    cmd: 'npm',
    args: ['exec', '--no', '--', 'tsx', path.join(beforeTree, 'apps/server/src/main.ts')],
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-cold-before-')),
    webDist: plainWebDist,
  },
  {
    name: 'after: node apps/server/dist/main.js',
    cmd: process.execPath,
    args: [compiled],
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-cold-after-')),
    webDist,
  },
];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function get(port: number, url: string, encoding: string) {
  return new Promise<{ status: number; body: Buffer; headerBytes: number; encoding?: string }>(
    (resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': encoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              headerBytes,
              encoding: res.headers['content-encoding'],
            });
          });
        },
      );
      req.on('error', reject);
    },
  );
}

/** RSS in KiB of a process and of its descendants, from /proc. */
function rssKiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}
function isNode(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
  } catch {
    return false;
  }
}

async function start(way: (typeof ways)[number]) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(way.cmd, way.args, {
    cwd: repoRoot,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: way.dataDir,
      // The same built web app for both: the server registers what it serves at start.
      WEB_DIST: way.webDist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  running.push(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${way.name}: no 200 within 120 s`);
    const ok = await get(port, '/healthz', 'identity').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const firstOkMs = performance.now() - started;
  return { child, port, firstOkMs };
}

async function stop(child: ChildProcess) {
  running.splice(running.indexOf(child), 1);
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
  // npm forwards the signal; give its node grandchild time to close the database.
  await new Promise((r) => setTimeout(r, 500));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

process.stdout.write(
  `Cold start, ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);

// The first start of each creates and seeds its data folder; the measured ones find it there.
for (const way of ways) await stop((await start(way)).child);

const rows: string[] = [];
for (const way of ways) {
  const times: number[] = [];
  const serverRss: number[] = [];
  const treeRss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { child, firstOkMs } = await start(way);
    await new Promise((r) => setTimeout(r, 1000));
    const tree = descendants(child.pid as number);
    times.push(firstOkMs);
    serverRss.push(Math.max(...tree.filter(isNode).map(rssKiB)) / 1024);
    treeRss.push(tree.map(rssKiB).reduce((a, b) => a + b, 0) / 1024);
    await stop(child);
  }
  rows.push(
    `| ${way.name} | ${runs} | ${(median(times) / 1000).toFixed(2)} | ${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)} | ${median(serverRss).toFixed(0)} | ${median(treeRss).toFixed(0)} |`,
  );
}
process.stdout.write(
  `\n| start | runs | first 200 s (median) | range s | serving process RSS MiB (median) | process tree RSS MiB (median) |\n| --- | ---: | ---: | --- | ---: | ---: |\n${rows.join('\n')}\n`,
);

// The home page's first-load JS (the scripts and module preloads index.html names), as each
// server sends it: body and header bytes per Accept-Encoding.
const table: string[] = [];
try {
  for (const way of ways) {
    const { child, port } = await start(way);
    try {
      const page = await get(port, '/ar/es/', 'identity');
      const scripts = [...page.body.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        (m) => m[1] as string,
      );
      for (const encoding of ['identity', 'gzip', 'br']) {
        let body = 0;
        let headers = 0;
        const used = new Set<string>();
        for (const script of scripts) {
          const res = await get(port, script, encoding);
          if (res.status !== 200) throw new Error(`${script}: ${res.status}`);
          body += res.body.length;
          headers += res.headerBytes;
          used.add(res.encoding ?? 'none');
        }
        table.push(
          `| ${way.name.split(':')[0]} | ${encoding} | ${scripts.length} | ${(body / 1024).toFixed(1)} | ${(headers / 1024).toFixed(1)} | ${[...used].join(', ')} |`,
        );
      }
    } finally {
      await stop(child);
    }
  }
  process.stdout.write(
    `\nHome page (/ar/es/) first-load JS named in index.html, bytes on the wire\n\n| server | Accept-Encoding | files | body KiB | headers KiB | Content-Encoding sent |\n| --- | --- | ---: | ---: | ---: | --- |\n${table.join('\n')}\n`,
  );
} finally {
  await Promise.all([...running].map(stop));
}
