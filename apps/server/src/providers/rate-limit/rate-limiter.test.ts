import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

function behavesLikeAFixedWindow(
  make: () => { limiter: RateLimiter; advance: (ms: number) => Promise<void> },
) {
  it('allows up to the limit in a window, then refuses until it ends', async () => {
    const { limiter, advance } = make();
    const key = `k-${randomBytes(4).toString('hex')}`;
    for (let i = 1; i <= 3; i++) expect((await limiter.hit(key, 3, 200)).allowed).toBe(true);
    const over = await limiter.hit(key, 3, 200);
    expect(over).toMatchObject({ allowed: false, count: 4 });
    expect(over.retryAfterMs).toBeGreaterThan(0);
    expect((await limiter.peek(key, 3)).allowed).toBe(false);
    await advance(250);
    expect((await limiter.peek(key, 3)).allowed).toBe(true);
    expect((await limiter.hit(key, 3, 200)).count).toBe(1);
  });

  it('forgets a key on reset', async () => {
    const { limiter } = make();
    const key = `r-${randomBytes(4).toString('hex')}`;
    await limiter.hit(key, 1, 10_000);
    await limiter.hit(key, 1, 10_000);
    await limiter.reset(key);
    expect((await limiter.peek(key, 1)).allowed).toBe(true);
  });
}

describe('memory rate limiter', () => {
  let t = 0;
  const limiter = createMemoryRateLimiter(() => t);
  afterAll(() => limiter.close());
  behavesLikeAFixedWindow(() => ({
    limiter,
    advance: async (ms) => {
      t += ms;
    },
  }));
});

// The scale-out store: several app instances share one Redis, so a throttle holds across them.
describe.runIf(process.env.TEST_REDIS_URL)('Redis rate limiter', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const prefix = `agendo:test:${randomBytes(4).toString('hex')}:`;
  const a = createRedisRateLimiter(new Redis(url), prefix);
  const b = createRedisRateLimiter(new Redis(url), prefix);
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  behavesLikeAFixedWindow(() => ({ limiter: a, advance: (ms) => new Promise((r) => setTimeout(r, ms)) }));

  it('counts hits from two instances together', async () => {
    const key = 'shared-login';
    await a.hit(key, 2, 10_000);
    await b.hit(key, 2, 10_000);
    expect((await a.hit(key, 2, 10_000)).allowed).toBe(false);
    expect((await b.peek(key, 2)).allowed).toBe(false);
  });
});
