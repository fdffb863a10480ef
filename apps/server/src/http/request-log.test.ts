import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { registerRequestLog } from './request-log.ts';

function capture() {
  const lines: Array<{ level: number; msg: string; res?: { statusCode: number }; responseTime?: number }> =
    [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, completed: () => lines.filter((l) => l.msg === 'request completed') };
}

/** A bare server with the request log and three routes: quick, failing, and a 4xx. */
async function bareServer(settings: { sample: number; slowMs: number }, random?: () => number) {
  const log = capture();
  const app = Fastify({
    logger: { level: 'info', stream: log.stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, settings, random);
  app.get('/quick', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  app.get('/refused', async (_request, reply) => reply.code(400).send({ code: 'E1' }));
  await app.ready();
  return { app, log };
}

describe('request log', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('with sample 0 writes only server errors, at error level', async () => {
    const { app, log } = await bareServer({ sample: 0, slowMs: 60_000 });
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: '/quick' });
    await app.inject({ method: 'GET', url: '/refused' });
    await app.inject({ method: 'GET', url: '/broken' });
    const completed = log.completed();
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ level: 50, res: { statusCode: 500 } });
    await app.close();
  });

  it('always writes a request slower than slowMs, at warn level', async () => {
    const { app, log } = await bareServer({ sample: 0, slowMs: 0 });
    await app.inject({ method: 'GET', url: '/quick' });
    expect(log.completed()).toMatchObject([{ level: 40, res: { statusCode: 200 } }]);
    expect(typeof log.completed()[0]?.responseTime).toBe('number');
    await app.close();
  });

  it('writes the sampled fraction of ordinary requests, one line each', async () => {
    // A draw below the rate is written: 0.0, 0.1, …, 0.9 against 0.3 writes three of ten.
    let draw = 0;
    const { app, log } = await bareServer({ sample: 0.3, slowMs: 60_000 }, () => (draw++ % 10) / 10);
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: '/quick' });
    expect(log.completed()).toHaveLength(3);
    expect(log.lines.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
    await app.close();
  });

  it('is what the app uses: every request with the default sample, none of the quick ones with 0', async () => {
    const all = capture();
    running = await startTestApp({ logLevel: 'info' }, { logStream: all.stream });
    await running.app.inject({ method: 'GET', url: '/healthz' });
    await running.app.inject({ method: 'GET', url: '/healthz' });
    expect(all.completed()).toHaveLength(2);
    expect(all.lines.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
    await running.close();

    const none = capture();
    running = await startTestApp(
      { logLevel: 'info', requestLog: { sample: 0, slowMs: 60_000 } },
      { logStream: none.stream },
    );
    for (let i = 0; i < 5; i++) await running.app.inject({ method: 'GET', url: '/healthz' });
    expect(none.completed()).toHaveLength(0);
  });
});
