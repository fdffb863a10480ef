import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Environment = 'development' | 'production' | 'test';

export interface AppConfig {
  env: Environment;
  port: number;
  host: string;
  /** Where the SQLite file, uploaded files and other local state live. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  databaseSchema?: string;
  /** SQLite file; ':memory:' in tests. Ignored with databaseUrl. */
  sqliteFile: string;
  redisUrl?: string;
  /** Absolute origin used in links we send (mails, QR codes). */
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The built SPA; not served when the folder does not exist. */
  webDist: string;
  /** Trust X-Forwarded-* (behind a load balancer or TLS terminator). */
  trustProxy: boolean;
  sessions: { idleMs: number; absoluteMs: number };
  /** Argon2id cost, OWASP password storage cheat sheet: m=19 MiB, t=2, p=1. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  seedDemo: boolean;
  logLevel: string;
  /**
   * Payment providers (ARCHITECTURE §3). Without keys each provider is imitated by the sandbox
   * adapter; with keys the real SDK is used. `apiBase` points an SDK at another host (tests use
   * a local fake of the provider's API).
   */
  /**
   * Signs the short-lived links to lesson videos and PDFs. Random per process by default; set
   * MEDIA_URL_SECRET to the same value on every instance when several run behind a balancer.
   */
  mediaSecret: string;
  payments: {
    sandboxSecret: string;
    stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
    mercadopago?: { accessToken: string; webhookSecret: string; apiBase?: string };
    dlocal?: { login: string; transKey: string; secretKey: string; apiBase?: string };
    paypal?: { clientId: string; clientSecret: string; webhookId: string; apiBase?: string };
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const DAY = 24 * 60 * 60 * 1000;

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? path.join(repoRoot, 'data');
  const port = overrides.port ?? 3000;
  return {
    env: 'development',
    port,
    host: '0.0.0.0',
    dataDir,
    sqliteFile: path.join(dataDir, 'agendo.sqlite'),
    publicUrl: `http://localhost:${port}`,
    mailFrom: 'Agendo <no-responder@agendo.test>',
    webDist: path.join(repoRoot, 'apps/web/dist'),
    trustProxy: false,
    sessions: { idleMs: 14 * DAY, absoluteMs: 60 * DAY },
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    seedDemo: true,
    logLevel: 'info',
    // The sandbox signs and verifies its own webhooks; a fixed development secret is enough
    // offline, and PAYMENTS_SANDBOX_SECRET replaces it anywhere the sandbox is reachable.
    payments: { sandboxSecret: 'agendo-sandbox-webhook-secret' },
    mediaSecret: randomBytes(32).toString('hex'),
    ...overrides,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return defaultConfig({
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    sqliteFile: path.join(dataDir, 'agendo.sqlite'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Agendo <no-responder@agendo.test>',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    ...(env.MEDIA_URL_SECRET ? { mediaSecret: env.MEDIA_URL_SECRET } : {}),
    payments: {
      sandboxSecret: env.PAYMENTS_SANDBOX_SECRET || 'agendo-sandbox-webhook-secret',
      ...(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } }
        : {}),
      ...(env.MERCADOPAGO_ACCESS_TOKEN && env.MERCADOPAGO_WEBHOOK_SECRET
        ? {
            mercadopago: {
              accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
              webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
            },
          }
        : {}),
      ...(env.DLOCAL_LOGIN && env.DLOCAL_TRANS_KEY && env.DLOCAL_SECRET_KEY
        ? {
            dlocal: {
              login: env.DLOCAL_LOGIN,
              transKey: env.DLOCAL_TRANS_KEY,
              secretKey: env.DLOCAL_SECRET_KEY,
            },
          }
        : {}),
      ...(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID
        ? {
            paypal: {
              clientId: env.PAYPAL_CLIENT_ID,
              clientSecret: env.PAYPAL_CLIENT_SECRET,
              webhookId: env.PAYPAL_WEBHOOK_ID,
            },
          }
        : {}),
    },
    // A web build elsewhere than apps/web/dist (a second checkout or a private preview build).
    ...(env.WEB_DIST ? { webDist: path.resolve(env.WEB_DIST) } : {}),
  });
}
