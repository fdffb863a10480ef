import type { Redis } from 'ioredis';

export interface RateVerdict {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * Fixed-window counters. In memory for one process; in Redis when several instances share
 * the load (ARCHITECTURE §1), so a throttled address stays throttled on every instance.
 */
export interface RateLimiter {
  /** Counts one more event under `key` and says whether it is still within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateVerdict>;
  /** Reads without counting. */
  peek(key: string, limit: number): Promise<RateVerdict>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const read = (key: string) => {
    const w = windows.get(key);
    if (!w || w.resetAt <= now()) return null;
    return w;
  };
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      const w = read(key) ?? { count: 0, resetAt: t + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - t };
    },
    async peek(key, limit) {
      const w = read(key);
      if (!w) return { allowed: true, count: 0, retryAfterMs: 0 };
      return { allowed: w.count < limit, count: w.count, retryAfterMs: w.resetAt - now() };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'agendo:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { allowed: count <= limit, count, retryAfterMs: Math.max(ttl, 0) };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      const n = Number(count ?? 0);
      return { allowed: n < limit, count: n, retryAfterMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
