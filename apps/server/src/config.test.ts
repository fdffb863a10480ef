import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configFromEnv,
  defaultConfig,
  developmentKeyEncryptionKey,
  developmentSandboxSecret,
} from './config.ts';

const secret = 'x'.repeat(40);
const kek = 'ab'.repeat(32);
const allKeys = {
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PLAN_WEBHOOK_SECRET: 'whsec_plan_1',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1',
  MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret',
  DLOCAL_LOGIN: 'login',
  DLOCAL_TRANS_KEY: 'trans',
  DLOCAL_SECRET_KEY: 'dlocal-secret',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
};
/** A production environment that starts: every key real, every secret set. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://agendo.example.com',
  MEDIA_URL_SECRET: secret,
  KEY_ENCRYPTION_KEY: kek,
  AFIP_ENV: 'produccion',
  VAPID_PUBLIC_KEY: 'BFciaTGygEP6RQCF1iZ87l1guOFiLXsPVWAaAbNgqBcHwzz7hrTyfm-1OI_X5YuYVPg7tWcc1hgsZ_-Lp1shApU',
  VAPID_PRIVATE_KEY: 'rC1h0U9y4eBY28_G7QgTugFmxMk5S7L7ew3d3fwij9Q',
  VAPID_SUBJECT: 'mailto:soporte@agendo.example.com',
  ...allKeys,
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    configFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configFromEnv', () => {
  it('starts with no environment at all (npm start), in development, with the sandbox', () => {
    const config = configFromEnv({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    expect(config.payments).toEqual({ sandboxSecret: developmentSandboxSecret, sandboxOptIn: false });
    expect(config.keyRing.current.equals(developmentKeyEncryptionKey)).toBe(true);
    expect(config.keyRing.current).toHaveLength(32);
    expect(config.keyRing.previous).toEqual([]);
    expect(config.afip).toEqual({ environment: 'imitacion' });
  });

  it('AFIP: homologation or production from AFIP_ENV, with a service URL replaced (issue 15)', () => {
    expect(configFromEnv(production).afip).toEqual({ environment: 'produccion' });
    expect(
      configFromEnv({ AFIP_ENV: 'homologacion', AFIP_WSFE_URL: 'http://127.0.0.1:9/wsfev1/service.asmx' })
        .afip,
    ).toEqual({ environment: 'homologacion', endpoints: { wsfe: 'http://127.0.0.1:9/wsfev1/service.asmx' } });
  });

  it('listens on this machine only outside production, unless HOST says otherwise (issue 27)', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(configFromEnv(production).host).toBe('0.0.0.0');
    expect(defaultConfig().host).toBe('127.0.0.1');
    expect(defaultConfig({ env: 'production' }).host).toBe('0.0.0.0');
  });

  it('treats an empty variable as unset', () => {
    const config = configFromEnv({ PORT: '', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('parses every variable into the config', () => {
    const config = configFromEnv({
      ...production,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/agendo',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://agendo.example.com/',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Agendo <hola@example.com>',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DLOCAL_API_BASE: 'https://sandbox.dlocal.com',
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PREVIOUS_KEY_ENCRYPTION_KEYS: `${Buffer.alloc(32, 1).toString('hex')}, ${Buffer.alloc(32, 2).toString('base64')}`,
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/agendo',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://agendo.example.com',
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      mailFrom: 'Agendo <hola@example.com>',
      trustProxy: true,
      logLevel: 'warn',
      seedDemo: false,
      mediaSecret: secret,
      payments: {
        sandboxOptIn: false,
        stripe: { secretKey: 'sk_live_1', webhookSecret: 'whsec_1', planWebhookSecret: 'whsec_plan_1' },
        mercadopago: { accessToken: 'APP_USR-1', webhookSecret: 'mp-secret' },
        dlocal: {
          login: 'login',
          transKey: 'trans',
          secretKey: 'dlocal-secret',
          apiBase: 'https://sandbox.dlocal.com',
        },
        paypal: {
          clientId: 'client',
          clientSecret: 'paypal-secret',
          webhookId: 'WH-1',
          apiBase: 'https://api-m.sandbox.paypal.com',
        },
      },
    });
    expect(config.keyRing.current.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.keyRing.previous).toEqual([Buffer.alloc(32, 1), Buffer.alloc(32, 2)]);
  });

  it('logs every request outside production and a 1 % sample in production, slow ones always', () => {
    expect(configFromEnv({}).requestLog).toEqual({ sample: 1, slowMs: 1000 });
    expect(configFromEnv(production).requestLog).toEqual({ sample: 0.01, slowMs: 1000 });
    expect(
      configFromEnv({ ...production, LOG_REQUEST_SAMPLE: '0.25', LOG_SLOW_MS: '300' }).requestLog,
    ).toEqual({
      sample: 0.25,
      slowMs: 300,
    });
    expect(configFromEnv({ LOG_REQUEST_SAMPLE: '0', LOG_SLOW_MS: '0' }).requestLog).toEqual({
      sample: 0,
      slowMs: 0,
    });
    expect(configFromEnv({ LOG_REQUEST_SAMPLE: '1' }).requestLog.sample).toBe(1);
  });

  it('refuses a request-log sample outside 0–1 and a slow threshold that is not whole milliseconds', () => {
    for (const value of ['1.5', '-0.1', 'todo', '5%', '2']) {
      const problems = problemsOf({ LOG_REQUEST_SAMPLE: value });
      expect(problems, value).toEqual([
        `LOG_REQUEST_SAMPLE: debe ser una fracción entre 0 y 1, como 0.01 (se recibió «${value}»)`,
      ]);
    }
    for (const value of ['1.5', '-3', 'lento']) {
      expect(problemsOf({ LOG_SLOW_MS: value }), value).toEqual([
        `LOG_SLOW_MS: debe ser un número entero de milisegundos (se recibió «${value}»)`,
      ]);
    }
  });

  // Each row: an environment and the variables its refusal must name.
  const refusals: [string, Record<string, string | undefined>, string[]][] = [
    ['a port that is not a number', { PORT: 'abc' }, ['PORT']],
    ['a port out of range', { PORT: '70000' }, ['PORT']],
    ['an unknown NODE_ENV', { NODE_ENV: 'prod' }, ['NODE_ENV']],
    ['a database URL that is not PostgreSQL', { DATABASE_URL: 'mysql://db/agendo' }, ['DATABASE_URL']],
    ['a public URL that is not a URL', { PUBLIC_URL: 'agendo.example.com' }, ['PUBLIC_URL']],
    ['a bad log level', { LOG_LEVEL: 'loud' }, ['LOG_LEVEL']],
    ['a bad SEED_DEMO', { SEED_DEMO: 'yes' }, ['SEED_DEMO']],
    ['a key-encryption key of the wrong size', { KEY_ENCRYPTION_KEY: 'abcd' }, ['KEY_ENCRYPTION_KEY']],
    [
      'a previous key-encryption key of the wrong size',
      { PREVIOUS_KEY_ENCRYPTION_KEYS: `${'ab'.repeat(32)},abcd` },
      ['PREVIOUS_KEY_ENCRYPTION_KEYS'],
    ],
    [
      'half a Stripe set',
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PLAN_WEBHOOK_SECRET'],
    ],
    ['a TURN server without its secret', { TURN_URLS: 'turn:turn.example.com:3478' }, ['TURN_SECRET']],
    [
      'static TURN credentials (issue 28: time-limited ones replace them)',
      { TURN_URLS: 'turn:turn.example.com:3478', TURN_USERNAME: 'agendo', TURN_CREDENTIAL: 'x' },
      ['TURN_USERNAME', 'TURN_SECRET'],
    ],
    [
      'production with a short TURN secret',
      { ...production, TURN_URLS: 'turn:turn.example.com:3478', TURN_SECRET: 'short' },
      ['TURN_SECRET'],
    ],
    ['half a Mercado Pago pair', { MERCADOPAGO_WEBHOOK_SECRET: 's' }, ['MERCADOPAGO_ACCESS_TOKEN']],
    ['two of the three dLocal keys', { DLOCAL_LOGIN: 'l', DLOCAL_SECRET_KEY: 's' }, ['DLOCAL_TRANS_KEY']],
    [
      'one of the three PayPal keys',
      { PAYPAL_CLIENT_ID: 'c' },
      ['PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
    ],
    ['production without PUBLIC_URL', { ...production, PUBLIC_URL: undefined }, ['PUBLIC_URL']],
    [
      'production without MEDIA_URL_SECRET',
      { ...production, MEDIA_URL_SECRET: undefined },
      ['MEDIA_URL_SECRET'],
    ],
    [
      'production with a short media secret',
      { ...production, MEDIA_URL_SECRET: 'short' },
      ['MEDIA_URL_SECRET'],
    ],
    [
      'production without KEY_ENCRYPTION_KEY',
      { ...production, KEY_ENCRYPTION_KEY: undefined },
      ['KEY_ENCRYPTION_KEY'],
    ],
    [
      'production with the development key-encryption key',
      { ...production, KEY_ENCRYPTION_KEY: developmentKeyEncryptionKey.toString('hex') },
      ['KEY_ENCRYPTION_KEY'],
    ],
    [
      'production with a provider without keys',
      {
        ...production,
        PAYPAL_CLIENT_ID: undefined,
        PAYPAL_CLIENT_SECRET: undefined,
        PAYPAL_WEBHOOK_ID: undefined,
      },
      ['PayPal', 'PAYMENTS_SANDBOX=1'],
    ],
    [
      'production without AFIP_ENV (issue 15)',
      { ...production, AFIP_ENV: undefined },
      ['AFIP_ENV', 'homologacion'],
    ],
    ['production on the AFIP imitation', { ...production, AFIP_ENV: 'imitacion' }, ['AFIP_ENV', 'imitación']],
    ['an AFIP_ENV that does not exist', { AFIP_ENV: 'prod' }, ['AFIP_ENV']],
    [
      'production with a half Stripe pair',
      { ...production, STRIPE_WEBHOOK_SECRET: undefined },
      ['STRIPE_WEBHOOK_SECRET', 'Stripe'],
    ],
    [
      'the sandbox opt-in without its own secret',
      { ...production, PAYMENTS_SANDBOX: '1' },
      ['PAYMENTS_SANDBOX_SECRET'],
    ],
    [
      'the sandbox opt-in with the development secret',
      { ...production, PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_SECRET: developmentSandboxSecret },
      ['PAYMENTS_SANDBOX_SECRET'],
    ],
    [
      'the sandbox opt-in with a short secret',
      { ...production, PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_SECRET: 'abc123' },
      ['PAYMENTS_SANDBOX_SECRET'],
    ],
  ];
  it.each(refusals)('refuses %s, naming the variable', (_case, env, named) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    for (const name of named) expect(problems.join('\n')).toContain(name);
  });

  it('names every problem of a bare production environment at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: '3000' }).join('\n');
    for (const name of [
      'PUBLIC_URL',
      'MEDIA_URL_SECRET',
      'KEY_ENCRYPTION_KEY',
      'DLOCAL_LOGIN',
      'STRIPE_SECRET_KEY',
      'MERCADOPAGO_ACCESS_TOKEN',
      'PAYPAL_CLIENT_ID',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('web push: VAPID keys from the environment in production, a half pair refused (issue 17)', () => {
    expect(configFromEnv(production).push.vapid).toEqual({
      publicKey: production.VAPID_PUBLIC_KEY,
      privateKey: production.VAPID_PRIVATE_KEY,
    });
    expect(configFromEnv(production).push.subject).toBe('mailto:soporte@agendo.example.com');
    expect(problemsOf({ ...production, VAPID_PRIVATE_KEY: undefined }).join('\n')).toContain(
      'VAPID_PRIVATE_KEY',
    );
    expect(problemsOf({ ...production, VAPID_PUBLIC_KEY: 'corta' }).join('\n')).toContain('VAPID_PUBLIC_KEY');
    // Outside production no key is needed: a development pair is made on first use.
    expect(configFromEnv({}).push.vapid).toBeUndefined();
  });

  it('outbound allow-list: origins outside production, refused in production (issue 28)', () => {
    expect(configFromEnv({}).outbound.allow).toEqual([]);
    expect(
      configFromEnv({ OUTBOUND_ALLOW: 'http://127.0.0.1:5232, https://dav.lan:8443' }).outbound.allow,
    ).toEqual(['http://127.0.0.1:5232', 'https://dav.lan:8443']);
    expect(problemsOf({ OUTBOUND_ALLOW: 'http://127.0.0.1:5232/dav' })).toEqual([
      'OUTBOUND_ALLOW: debe ser una lista de orígenes separados por comas, como http://127.0.0.1:5232',
    ]);
    expect(problemsOf({ ...production, OUTBOUND_ALLOW: 'http://127.0.0.1:5232' })).toEqual([
      'OUTBOUND_ALLOW: no se usa en producción; el servidor solo llama a direcciones públicas de internet',
    ]);
  });

  it('never repeats a secret value in its errors', () => {
    const problems = problemsOf({ ...production, MEDIA_URL_SECRET: 'short-secret-value' }).join('\n');
    expect(problems).not.toContain('short-secret-value');
  });

  it('accepts production with every key, or with the sandbox opted into and its own secret', () => {
    expect(problemsOf(production)).toEqual([]);
    const sandboxed = configFromEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://agendo.example.com',
      MEDIA_URL_SECRET: secret,
      KEY_ENCRYPTION_KEY: kek,
      PAYMENTS_SANDBOX: '1',
      PAYMENTS_SANDBOX_SECRET: 'y'.repeat(40),
      AFIP_ENV: 'homologacion',
      VAPID_PUBLIC_KEY: production.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: production.VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: production.VAPID_SUBJECT,
    });
    expect(sandboxed.payments).toEqual({ sandboxSecret: 'y'.repeat(40), sandboxOptIn: true });
  });

  it('keeps the demo seed off in production unless SEED_DEMO=1', () => {
    expect(configFromEnv(production).seedDemo).toBe(false);
    expect(configFromEnv({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(configFromEnv({}).seedDemo).toBe(true);
    expect(configFromEnv({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});
