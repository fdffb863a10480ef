import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Env, envSchema } from './config-env-schema.ts';
import { type KeyRing, keyRingOf } from './lib/secret-box.ts';
import { repoRoot } from './lib/server-root.ts';
import type { IceServer, TurnServer } from './lib/turn-credentials.ts';

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
   * One line per finished request (apps/server/src/http/request-log.ts). Server errors and
   * answers slower than `slowMs` are always logged; of the rest, the fraction `sample` (0 to 1).
   * Every request outside production; 1 % in production, where logging each one cost +42 % CPU
   * on the cheapest action (issue 13).
   */
  requestLog: { sample: number; slowMs: number };
  /**
   * The real-time channel (issue 17). Every `heartbeatMs` each socket is pinged, and one that did
   * not answer the previous ping is dropped. A socket whose unsent queue passes
   * `maxBufferedBytes` (a tab that stopped reading) is closed; it reconnects and resumes from
   * the database. Inbound frames count against `frames` per person (shared through Redis).
   */
  realtime: {
    heartbeatMs: number;
    maxBufferedBytes: number;
    maxFrameBytes: number;
    frames: { limit: number; windowMs: number };
  };
  /**
   * The video room's ICE servers (issue 17). Empty by default: offline and on one network, host
   * candidates connect the peers; across NATs set STUN_URLS (handed out as they are) and a TURN
   * server (TURN_URLS, TURN_SECRET: coturn's static-auth-secret, README), whose credentials are
   * issued per person and room and expire with the appointment (lib/turn-credentials.ts).
   */
  video: { iceServers: IceServer[]; turn?: TurnServer };
  /**
   * Uploads stream to DATA_DIR/tmp/uploads (issue 28); one that sends nothing for `idleMs` is
   * cut off and its temporary file removed. Each route's size limit is the contract's.
   */
  uploads: { idleMs: number };
  /**
   * Web push (issue 17, ADR 017): the VAPID key pair that signs our pushes (VAPID_PUBLIC_KEY,
   * VAPID_PRIVATE_KEY, base64url as `web-push generate-vapid-keys` prints them) and the contact
   * the push services see (VAPID_SUBJECT, mailto: or https:). Required in production; elsewhere
   * a development pair is generated once and kept in DATA_DIR. `timeoutMs` bounds one delivery.
   */
  push: { vapid?: { publicKey: string; privateKey: string }; subject: string; timeoutMs: number };
  /**
   * Signs the short-lived links to lesson videos and PDFs. Random per process by default; set
   * MEDIA_URL_SECRET to the same value on every instance when several run behind a balancer.
   */
  mediaSecret: string;
  /**
   * The keys that encrypt secrets stored at rest (gateway keys, calendar tokens, AFIP keys):
   * KEY_ENCRYPTION_KEY (32 bytes) seals, it and PREVIOUS_KEY_ENCRYPTION_KEYS open (rotation).
   */
  keyRing: KeyRing;
  /**
   * Payment providers (ARCHITECTURE §3). Without keys each provider is imitated by the sandbox
   * adapter outside production; in production only with `sandboxOptIn` (PAYMENTS_SANDBOX=1).
   * With keys the real API is used. `apiBase` points an adapter at another host (tests use a
   * local fake of the provider's API; dLocal and PayPal keep their test accounts on other hosts).
   */
  payments: {
    sandboxSecret: string;
    /** PAYMENTS_SANDBOX=1: a provider without keys is imitated even in production. */
    sandboxOptIn: boolean;
    /**
     * Stripe signs each webhook endpoint with that endpoint's own secret: STRIPE_WEBHOOK_SECRET for
     * card payments (/webhooks/payments/stripe), STRIPE_PLAN_WEBHOOK_SECRET for plan cards
     * (/webhooks/plan-cards/stripe).
     */
    stripe?: { secretKey: string; webhookSecret: string; planWebhookSecret: string; apiBase?: string };
    mercadopago?: {
      accessToken: string;
      webhookSecret: string;
      apiBase?: string;
      /** MERCADOPAGO_PUBLIC_KEY: the plan's card form (MP.js) tokenises the card with it. */
      publicKey?: string;
    };
    dlocal?: { login: string; transKey: string; secretKey: string; apiBase?: string };
    paypal?: { clientId: string; clientSecret: string; webhookId: string; apiBase?: string };
  };
  /**
   * AFIP electronic invoicing (issue 15, ADR 014). 'imitacion' is the offline imitation, the
   * default outside production and refused in production (AFIP_ENV must name homologation or
   * production there). `endpoints` replaces a service's URL (AFIP_WSAA_URL, AFIP_WSFE_URL,
   * AFIP_PADRON_URL), for a forward proxy or a test double.
   */
  afip: {
    environment: 'imitacion' | 'homologacion' | 'produccion';
    endpoints?: { wsaa?: string; wsfe?: string; padron?: string };
  };
  /**
   * Calendar and video linking (issue 18, ADR 018). A provider with its OAuth client
   * (GOOGLE_CLIENT_ID/SECRET, MICROSOFT_CLIENT_ID/SECRET with MICROSOFT_TENANT, ZOOM_CLIENT_ID/SECRET)
   * is the real one; without, outside production, the offline imitation under /imitation/ stands
   * in (CALENDAR_IMITATION=0 turns it off); production refuses the imitation. Busy times read
   * from a linked calendar are reused for `busyTtlMs` (CALENDAR_BUSY_TTL_SECONDS).
   */
  calendars: {
    imitation: boolean;
    busyTtlMs: number;
    google?: { clientId: string; clientSecret: string };
    microsoft?: { clientId: string; clientSecret: string; tenant: string };
    zoom?: { clientId: string; clientSecret: string };
  };
  /**
   * Outbound requests (issue 28, lib/outbound.ts): only public addresses are called. `allow`
   * (OUTBOUND_ALLOW) names origins on this machine or a private network that may be called
   * anyway, such as a local CalDAV server in development; production refuses it. The offline
   * imitations need no entry: each adds its own origin as it starts.
   */
  outbound: { allow: string[] };
}

const DAY = 24 * 60 * 60 * 1000;

/** Development defaults, published in this repository: production refuses them. */
export const developmentSandboxSecret = 'agendo-sandbox-webhook-secret';
export const developmentKeyEncryptionKey = Buffer.from('agendo-development-key-32-bytes!');
/** Our own signing secrets (media links, sandbox webhooks) must be at least this long in production. */
export const minSecretLength = 32;

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? path.join(repoRoot, 'data');
  const port = overrides.port ?? 3000;
  return {
    env: 'development',
    port,
    // Outside production only this machine reaches the server: /dev/mailbox shows every
    // recovery and autologin link (issue 27). HOST=0.0.0.0 opens it to the network on purpose.
    host: overrides.env === 'production' ? '0.0.0.0' : '127.0.0.1',
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
    requestLog: { sample: 1, slowMs: 1000 },
    realtime: {
      heartbeatMs: 25_000,
      maxBufferedBytes: 1_000_000,
      maxFrameBytes: 16_384,
      // A person typing sends a typing frame every few seconds; 60 in 10 s is far above that.
      frames: { limit: 60, windowMs: 10_000 },
    },
    video: { iceServers: [] },
    uploads: { idleMs: 60_000 },
    push: { subject: 'mailto:no-responder@agendo.test', timeoutMs: 10_000 },
    // The sandbox signs and verifies its own webhooks; a fixed development secret is enough
    // offline, and PAYMENTS_SANDBOX_SECRET replaces it anywhere the sandbox is reachable.
    payments: { sandboxSecret: developmentSandboxSecret, sandboxOptIn: false },
    afip: { environment: 'imitacion' },
    calendars: { imitation: true, busyTtlMs: 60_000 },
    outbound: { allow: [] },
    mediaSecret: randomBytes(32).toString('hex'),
    keyRing: keyRingOf(developmentKeyEncryptionKey),
    ...overrides,
  };
}

/** The environment is unusable; `problems` names every bad or missing variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// An empty variable (FOO= in a .env file or a compose file) means "not set".

/**
 * A provider's keys come all together or not at all: a half-set group used to fall back to the
 * sandbox silently, which in production means accepting the sandbox's test card.
 */
function keyGroup<K extends keyof Env>(
  env: Env,
  provider: string,
  names: readonly K[],
  problems: string[],
): Record<K, string> | undefined {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < names.length) {
    const missing = names.filter((name) => env[name] === undefined);
    problems.push(
      `${missing.join(', ')}: ${provider} necesita ${names.join(', ')} juntas (solo está ${set.join(', ')})`,
    );
    return undefined;
  }
  return Object.fromEntries(names.map((name) => [name, String(env[name])])) as Record<K, string>;
}

/**
 * Parses the environment with one schema (ARCHITECTURE §3). Throws a ConfigError naming every
 * problem: bad values always, and in production the missing or development secrets and the
 * providers the routing could use (spec 002 §4: all four) without keys nor PAYMENTS_SANDBOX=1.
 */
export function configFromEnv(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const first = envSchema.safeParse(source);
  const invalid = first.success ? [] : first.error.issues;
  const problems = invalid.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Every problem at once: the rules below still run, as if the invalid variables were unset.
  const invalidNames = new Set(invalid.map((issue) => String(issue.path[0])));
  const env = first.success
    ? first.data
    : envSchema.parse(Object.fromEntries(Object.entries(source).filter(([name]) => !invalidNames.has(name))));
  const schemaProblems = problems.length;
  const nodeEnv: Environment = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = env.PORT ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));

  const stripe = keyGroup(
    env,
    'Stripe',
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PLAN_WEBHOOK_SECRET'],
    problems,
  );
  const mercadopago = keyGroup(
    env,
    'Mercado Pago',
    ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'],
    problems,
  );
  const dlocal = keyGroup(env, 'dLocal', ['DLOCAL_LOGIN', 'DLOCAL_TRANS_KEY', 'DLOCAL_SECRET_KEY'], problems);
  const paypal = keyGroup(
    env,
    'PayPal',
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
    problems,
  );
  const sandboxOptIn = env.PAYMENTS_SANDBOX === '1';
  const google = keyGroup(env, 'Google Calendar', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], problems);
  const microsoft = keyGroup(env, 'Outlook', ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'], problems);
  const zoom = keyGroup(env, 'Zoom', ['ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'], problems);
  const turn = keyGroup(env, 'TURN', ['TURN_URLS', 'TURN_SECRET'], problems);
  if (env.TURN_USERNAME !== undefined || env.TURN_CREDENTIAL !== undefined) {
    problems.push(
      'TURN_USERNAME, TURN_CREDENTIAL: ya no se usan; las credenciales TURN se emiten por sala y vencen con el turno: configura TURN_SECRET (el static-auth-secret de coturn)',
    );
  }
  const vapid = keyGroup(env, 'Web push', ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], problems);
  const iceServers = env.STUN_URLS ? [{ urls: env.STUN_URLS }] : [];

  if (production) {
    if (!env.PUBLIC_URL) {
      problems.push('PUBLIC_URL: falta; es el origen público (https://…) de los enlaces de correos y pagos');
    }
    const secret = (name: string, value: string | undefined, devDefault?: string) => {
      if (value === undefined) problems.push(`${name}: falta; genera uno con: openssl rand -hex 32`);
      else if (value === devDefault)
        problems.push(`${name}: es el valor de desarrollo publicado en el repositorio`);
      else if (value.length < minSecretLength)
        problems.push(`${name}: debe tener al menos ${minSecretLength} caracteres`);
    };
    secret('MEDIA_URL_SECRET', env.MEDIA_URL_SECRET);
    if (env.TURN_SECRET !== undefined) secret('TURN_SECRET', env.TURN_SECRET);
    if (env.KEY_ENCRYPTION_KEY === undefined) {
      problems.push('KEY_ENCRYPTION_KEY: falta; genera una con: openssl rand -hex 32');
    } else if (env.KEY_ENCRYPTION_KEY.equals(developmentKeyEncryptionKey)) {
      problems.push('KEY_ENCRYPTION_KEY: es la clave de desarrollo publicada en el repositorio');
    }
    // Issue 15: invoices must reach the real AFIP; its offline imitation never serves production.
    if (env.AFIP_ENV === undefined) {
      problems.push(
        'AFIP_ENV: falta; homologacion o produccion (la facturación electrónica habla con AFIP; la imitación no se usa en producción)',
      );
    } else if (env.AFIP_ENV === 'imitacion') {
      problems.push(
        'AFIP_ENV: la imitación de AFIP no se usa en producción; elige homologacion o produccion',
      );
    }
    // Issue 17: a development VAPID pair would change with every data folder and break the
    // subscriptions of every device; production signs with its own, kept keys.
    if (!vapid && env.VAPID_PUBLIC_KEY === undefined && env.VAPID_PRIVATE_KEY === undefined) {
      problems.push(
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: faltan; las notificaciones push las necesitan. Genera un par con: npx web-push generate-vapid-keys',
      );
    }
    if (env.VAPID_SUBJECT === undefined) {
      problems.push(
        'VAPID_SUBJECT: falta; un contacto para los servicios push (mailto:soporte@tu-dominio o https://tu-dominio)',
      );
    }
    // Issue 18: a linked calendar or meeting must be the professional's real one.
    if (env.CALENDAR_IMITATION === '1') {
      problems.push(
        'CALENDAR_IMITATION: la imitación de calendarios y de Zoom no se usa en producción; configura GOOGLE_CLIENT_ID, MICROSOFT_CLIENT_ID o ZOOM_CLIENT_ID',
      );
    }
    // Issue 28: production calls public addresses only; an allow-list there would reopen the way in.
    if (env.OUTBOUND_ALLOW !== undefined) {
      problems.push(
        'OUTBOUND_ALLOW: no se usa en producción; el servidor solo llama a direcciones públicas de internet',
      );
    }
    if (sandboxOptIn) {
      secret('PAYMENTS_SANDBOX_SECRET', env.PAYMENTS_SANDBOX_SECRET, developmentSandboxSecret);
    } else {
      const unkeyed = [
        !dlocal && 'dLocal (DLOCAL_LOGIN, DLOCAL_TRANS_KEY, DLOCAL_SECRET_KEY)',
        !stripe && 'Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PLAN_WEBHOOK_SECRET)',
        !mercadopago && 'Mercado Pago (MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET)',
        !paypal && 'PayPal (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID)',
      ].filter((entry): entry is string => typeof entry === 'string');
      for (const entry of unkeyed) {
        problems.push(
          `${entry}: faltan las claves y el enrutamiento de pagos puede elegirlo; configúralas o acepta la imitación de pruebas con PAYMENTS_SANDBOX=1`,
        );
      }
    }
  }
  if (problems.length > 0) {
    // A variable already refused for its value is not reported again as missing.
    const reported = problems.filter(
      (problem, index) => index < schemaProblems || !invalidNames.has(problem.split(':')[0] ?? ''),
    );
    throw new ConfigError(reported);
  }

  return defaultConfig({
    env: nodeEnv,
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    sqliteFile: path.join(dataDir, 'agendo.sqlite'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Agendo <no-responder@agendo.test>',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    // The demo marketplace is for trying Agendo out: in production only when asked for.
    seedDemo: production ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    requestLog: {
      sample: env.LOG_REQUEST_SAMPLE ?? (production ? 0.01 : 1),
      slowMs: env.LOG_SLOW_MS ?? 1000,
    },
    ...(env.MEDIA_URL_SECRET ? { mediaSecret: env.MEDIA_URL_SECRET } : {}),
    ...(env.KEY_ENCRYPTION_KEY || env.PREVIOUS_KEY_ENCRYPTION_KEYS
      ? {
          keyRing: keyRingOf(
            env.KEY_ENCRYPTION_KEY ?? developmentKeyEncryptionKey,
            env.PREVIOUS_KEY_ENCRYPTION_KEYS ?? [],
          ),
        }
      : {}),
    payments: {
      sandboxSecret: env.PAYMENTS_SANDBOX_SECRET ?? developmentSandboxSecret,
      sandboxOptIn,
      ...(stripe
        ? {
            stripe: {
              secretKey: stripe.STRIPE_SECRET_KEY,
              webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
              planWebhookSecret: stripe.STRIPE_PLAN_WEBHOOK_SECRET,
            },
          }
        : {}),
      ...(mercadopago
        ? {
            mercadopago: {
              accessToken: mercadopago.MERCADOPAGO_ACCESS_TOKEN,
              webhookSecret: mercadopago.MERCADOPAGO_WEBHOOK_SECRET,
              ...(env.MERCADOPAGO_PUBLIC_KEY ? { publicKey: env.MERCADOPAGO_PUBLIC_KEY } : {}),
            },
          }
        : {}),
      ...(dlocal
        ? {
            dlocal: {
              login: dlocal.DLOCAL_LOGIN,
              transKey: dlocal.DLOCAL_TRANS_KEY,
              secretKey: dlocal.DLOCAL_SECRET_KEY,
              ...(env.DLOCAL_API_BASE ? { apiBase: env.DLOCAL_API_BASE } : {}),
            },
          }
        : {}),
      ...(paypal
        ? {
            paypal: {
              clientId: paypal.PAYPAL_CLIENT_ID,
              clientSecret: paypal.PAYPAL_CLIENT_SECRET,
              webhookId: paypal.PAYPAL_WEBHOOK_ID,
              ...(env.PAYPAL_API_BASE ? { apiBase: env.PAYPAL_API_BASE } : {}),
            },
          }
        : {}),
    },
    afip: {
      environment: env.AFIP_ENV ?? 'imitacion',
      ...(env.AFIP_WSAA_URL || env.AFIP_WSFE_URL || env.AFIP_PADRON_URL
        ? {
            endpoints: {
              ...(env.AFIP_WSAA_URL ? { wsaa: env.AFIP_WSAA_URL } : {}),
              ...(env.AFIP_WSFE_URL ? { wsfe: env.AFIP_WSFE_URL } : {}),
              ...(env.AFIP_PADRON_URL ? { padron: env.AFIP_PADRON_URL } : {}),
            },
          }
        : {}),
    },
    calendars: {
      imitation: !production && env.CALENDAR_IMITATION !== '0',
      busyTtlMs: (env.CALENDAR_BUSY_TTL_SECONDS ?? 60) * 1000,
      ...(google
        ? { google: { clientId: google.GOOGLE_CLIENT_ID, clientSecret: google.GOOGLE_CLIENT_SECRET } }
        : {}),
      ...(microsoft
        ? {
            microsoft: {
              clientId: microsoft.MICROSOFT_CLIENT_ID,
              clientSecret: microsoft.MICROSOFT_CLIENT_SECRET,
              tenant: env.MICROSOFT_TENANT ?? 'common',
            },
          }
        : {}),
      ...(zoom ? { zoom: { clientId: zoom.ZOOM_CLIENT_ID, clientSecret: zoom.ZOOM_CLIENT_SECRET } } : {}),
    },
    outbound: { allow: env.OUTBOUND_ALLOW ?? [] },
    // A web build elsewhere than apps/web/dist (a second checkout or a private preview build).
    ...(env.WEB_DIST ? { webDist: path.resolve(env.WEB_DIST) } : {}),
    video: {
      iceServers,
      ...(turn && env.TURN_URLS ? { turn: { urls: env.TURN_URLS, secret: turn.TURN_SECRET } } : {}),
    },
    push: {
      ...(vapid ? { vapid: { publicKey: vapid.VAPID_PUBLIC_KEY, privateKey: vapid.VAPID_PRIVATE_KEY } } : {}),
      subject: env.VAPID_SUBJECT ?? 'mailto:no-responder@agendo.test',
      timeoutMs: 10_000,
    },
  });
}
