import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../lib/server-root.ts';
import { uploadTempDir } from './upload-form.ts';

/**
 * issue 28: uploads stream to a temporary file instead of memory. The server runs in a child
 * process so its resident memory is its own (read from /proc), not the test runner's, bundled and
 * run by plain node as `npm start` runs it (under tsx the loader's own thread holds some 60 MiB
 * more). One 300 MiB upload over loopback, of bytes generated as they are sent.
 */
const MiB = 1024 * 1024;
const rssLimit = 250 * MiB;

let child: ChildProcessWithoutNullStreams;
let server: { port: number; token: string; lessonRef: string; dataDir: string };
// Inside apps/server so that the bundle's imports of npm packages resolve as dist/main.js's do.
const bundle = path.join(serverRoot, 'dist', `upload-server-${process.pid}.mjs`);

beforeAll(async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  await build({
    entryPoints: [path.join(serverRoot, 'src/test/upload-server.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...packages.filter((name) => !name.startsWith('@agendo/')), 'zod'],
    logLevel: 'warning',
  });
  child = spawn(process.execPath, [bundle], {
    cwd: serverRoot,
    env: { ...process.env, UPLOAD_IDLE_MS: '1000' },
  });
  const [line] = (await once(readline.createInterface({ input: child.stdout }), 'line')) as [string];
  server = JSON.parse(line);
}, 120_000);

afterAll(async () => {
  child.stdin.end();
  await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
  child.kill();
  fs.rmSync(bundle, { force: true });
});

/** The server's resident memory now (VmRSS), in bytes. */
function serverRss(): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function tempFiles(): string[] {
  return fs.existsSync(uploadTempDir(server.dataDir)) ? fs.readdirSync(uploadTempDir(server.dataDir)) : [];
}

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

/** The start of an MP4 (an `ftyp` box): what the type check reads from the file on disk. */
const mp4Head = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const chunk = Buffer.alloc(MiB, 7);

interface Sent {
  status: Promise<{ statusCode: number; body: string } | 'closed'>;
  request: http.ClientRequest;
  /** Writes `mib` MiB of the file (after the MP4 head), waiting for the socket to drain. */
  write(mib: number): Promise<void>;
  end(): void;
}

/** A lesson-file upload of `totalMiB` MiB (plus the MP4 head), sent piece by piece. */
function startUpload(totalMiB: number, opts: { url?: string; field?: string; head?: Buffer } = {}): Sent {
  const boundary = '----agendo-streaming';
  const fieldPart = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${fieldPart('ref', server.lessonRef)}${fieldPart('kind', 'video')}--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="clase.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const fileHead = opts.head ?? mp4Head;
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: opts.url ?? '/upload/lesson-file',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + fileHead.length + totalMiB * MiB + tail.length),
    },
  });
  const status = new Promise<{ statusCode: number; body: string } | 'closed'>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (part: Buffer) => {
        body += part.toString();
      });
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
    });
    request.on('error', () => resolve('closed'));
    request.on('close', () => setTimeout(() => resolve('closed'), 100));
  });
  request.write(head);
  request.write(fileHead);
  return {
    status,
    request,
    async write(mib) {
      for (let i = 0; i < mib; i += 1) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await once(request, 'drain');
      }
    },
    end: () => request.end(tail),
  };
}

describe('streamed uploads (issue 28)', () => {
  it('takes a 300 MiB lesson video with the server under 250 MiB of resident memory', async () => {
    let peak = serverRss();
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverRss());
    }, 25);
    const upload = startUpload(300);
    await upload.write(300);
    upload.end();
    const answer = await upload.status;
    clearInterval(sampler);
    peak = Math.max(peak, serverRss());
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(peak, `peak resident memory ${Math.round(peak / MiB)} MiB`).toBeLessThan(rssLimit);
    const lessons = path.join(server.dataDir, 'private', 'lessons');
    const stored = fs
      .readdirSync(lessons, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());
    const sizes = stored.map((e) => fs.statSync(path.join(e.parentPath, e.name)).size);
    expect(sizes).toContain(mp4Head.length + 300 * MiB);
    expect(tempFiles()).toEqual([]);
  }, 120_000);

  it('leaves no temporary file when the client aborts half-way, and keeps serving', async () => {
    const upload = startUpload(300);
    await upload.write(150);
    expect(tempFiles()).toHaveLength(1);
    upload.request.destroy();
    expect(await until(() => tempFiles().length === 0)).toBe(true);
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('cuts off a client that stops sending, and leaves no temporary file', async () => {
    const upload = startUpload(50);
    await upload.write(2);
    expect(await until(() => tempFiles().length === 1)).toBe(true);
    // UPLOAD_IDLE_MS=1000: the server closes the connection within two seconds of silence.
    expect(await Promise.race([upload.status, new Promise((resolve) => setTimeout(resolve, 5000))])).toBe(
      'closed',
    );
    expect(await until(() => tempFiles().length === 0)).toBe(true);
  }, 30_000);

  it('refuses bytes that are not a video (415) and a picture over its limit (413), leaving nothing', async () => {
    const notVideo = startUpload(2, { head: Buffer.from('hola') });
    await notVideo.write(2);
    notVideo.end();
    expect(await notVideo.status).toMatchObject({ statusCode: 415 });

    const bigPicture = startUpload(6, { url: '/upload/avatar', field: 'image' });
    await bigPicture.write(6);
    bigPicture.end();
    expect(await bigPicture.status).toMatchObject({ statusCode: 413 });
    expect(tempFiles()).toEqual([]);
  }, 30_000);
});
