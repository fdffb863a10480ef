import type { FastifyBaseLogger } from 'fastify';

/** `D` is the app's dependencies (main.ts hands in AppDeps); lib/ does not import deps.ts (ADR 019). */
export type TimedJob<D> = (deps: D) => Promise<unknown>;

/**
 * Runs the given jobs every `intervalMs`, one pass at a time. The jobs find their work in the
 * database (ARCHITECTURE §1: nothing only in memory), so this timer is just the heartbeat: a
 * restart or a second instance loses or repeats nothing. Returns a stop function that waits
 * for the pass in progress.
 */
export function startTimedWork<D extends { log: FastifyBaseLogger }>(
  deps: D,
  jobs: readonly TimedJob<D>[],
  intervalMs = 30_000,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    for (const job of jobs) {
      try {
        await job(deps);
      } catch (error) {
        deps.log.error({ err: error }, 'timed work failed; retried on the next pass');
      }
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // First pass soon after start: holds and reminders that fell due while the server was down.
  setTimeout(tick, 1_000).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
