import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The app server's environment for both Playwright configs: ours without NODE_ENV (development
 * mode, so /dev/mailbox exists), on 127.0.0.1 at `port` with the demo seeded, quiet logs and no
 * mail server, and `over` on top (the database, Redis and data folder each config chooses).
 */
export function serverEnv(
  port: number,
  origin: string,
  over: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'NODE_ENV') env[key] = value;
  }
  return Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    SMTP_URL: '',
    ...over,
  });
}

/**
 * A Playwright webServer entry that runs `command` from the repository's root and waits for the
 * app's /healthz at `origin`; never one already running, and stopped with SIGTERM.
 */
export function appServer(command: string, origin: string, env: Record<string, string>, timeout: number) {
  return {
    command,
    cwd: repoRoot,
    env,
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    timeout,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  } as const;
}
