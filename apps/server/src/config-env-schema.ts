import { z } from 'zod';

/**
 * The environment's schema (ARCHITECTURE §3): every variable the server reads, each with its
 * check and its Spanish refusal. config.ts turns the parsed values into an AppConfig and adds
 * the rules across variables (what production requires, which keys go together).
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const text = optional(z.string());
const flag = <const V extends readonly [string, ...string[]]>(values: V) =>
  optional(z.enum(values, { error: `debe ser ${values.join(' o ')}` }));
const urlWith = (protocols: readonly string[], example: string) =>
  optional(
    z.string().refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: `debe ser una URL como ${example}` },
    ),
  );
/** A comma-separated list of origins (http://127.0.0.1:5232), each as scheme://host:port. */
const originList = optional(
  z
    .string()
    .refine(
      (value) =>
        value.split(',').every((entry) => {
          try {
            const url = new URL(entry.trim());
            return (
              ['http:', 'https:'].includes(url.protocol) && url.origin === entry.trim().replace(/\/$/, '')
            );
          } catch {
            return false;
          }
        }),
      { error: 'debe ser una lista de orígenes separados por comas, como http://127.0.0.1:5232' },
    )
    .transform((value) => value.split(',').map((entry) => entry.trim())),
);
/** A comma-separated list of ICE server URLs (stun:host:port, turn:host:port?transport=udp). */
const iceUrls = (schemes: readonly string[], example: string) =>
  optional(
    z
      .string()
      .refine(
        (value) =>
          value
            .split(',')
            .map((url) => url.trim())
            .every((url) => schemes.some((scheme) => url.startsWith(scheme)) && url.length > 6),
        { error: `debe ser una lista de URL separadas por comas, como ${example}` },
      )
      .transform((value) => value.split(',').map((url) => url.trim())),
  );
const is32Bytes = (value: string) => /^[0-9a-fA-F]{64}$/.test(value) || /^[A-Za-z0-9+/_-]{43}=?$/.test(value);
const bytesOf = (value: string) =>
  value.length === 64 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
const keyOf32Bytes = optional(
  z
    .string()
    .refine(is32Bytes, { error: 'debe tener 32 bytes: 64 caracteres hexadecimales o 44 en base64' })
    .transform(bytesOf),
);
/** Older key-encryption keys, comma-separated: they still open what they sealed (key rotation). */
const keysOf32Bytes = optional(
  z
    .string()
    .refine((value) => value.split(',').every((key) => is32Bytes(key.trim())), {
      error: 'debe ser una lista de claves de 32 bytes (hexadecimal o base64) separadas por comas',
    })
    .transform((value) => value.split(',').map((key) => bytesOf(key.trim()))),
);

/** Every variable the server reads; nothing else looks at process.env. */
export const envSchema = z.object({
  NODE_ENV: flag(['development', 'production', 'test']),
  PORT: optional(
    z
      .string()
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        error: (issue) => `debe ser un número de puerto entre 1 y 65535 (se recibió «${issue.input}»)`,
      })
      .transform(Number),
  ),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'postgres://usuario:clave@host:5432/base'),
  REDIS_URL: urlWith(['redis:', 'rediss:'], 'redis://host:6379'),
  PUBLIC_URL: urlWith(['http:', 'https:'], 'https://agendo.example.com'),
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'smtps://usuario:clave@smtp.example.com:465'),
  MAIL_FROM: text,
  TRUST_PROXY: flag(['0', '1', 'true', 'false']),
  LOG_LEVEL: flag(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  LOG_REQUEST_SAMPLE: optional(
    z
      .string()
      .refine((value) => /^(0(\.\d+)?|1(\.0+)?)$/.test(value), {
        error: (issue) => `debe ser una fracción entre 0 y 1, como 0.01 (se recibió «${issue.input}»)`,
      })
      .transform(Number),
  ),
  LOG_SLOW_MS: optional(
    z
      .string()
      .refine((value) => /^\d{1,7}$/.test(value), {
        error: (issue) => `debe ser un número entero de milisegundos (se recibió «${issue.input}»)`,
      })
      .transform(Number),
  ),
  SEED_DEMO: flag(['0', '1']),
  WEB_DIST: text,
  MEDIA_URL_SECRET: text,
  KEY_ENCRYPTION_KEY: keyOf32Bytes,
  PREVIOUS_KEY_ENCRYPTION_KEYS: keysOf32Bytes,
  PAYMENTS_SANDBOX: flag(['0', '1']),
  PAYMENTS_SANDBOX_SECRET: text,
  STRIPE_SECRET_KEY: text,
  STRIPE_WEBHOOK_SECRET: text,
  STRIPE_PLAN_WEBHOOK_SECRET: text,
  MERCADOPAGO_ACCESS_TOKEN: text,
  MERCADOPAGO_WEBHOOK_SECRET: text,
  MERCADOPAGO_PUBLIC_KEY: text,
  DLOCAL_LOGIN: text,
  DLOCAL_TRANS_KEY: text,
  DLOCAL_SECRET_KEY: text,
  DLOCAL_API_BASE: urlWith(['http:', 'https:'], 'https://sandbox.dlocal.com'),
  PAYPAL_CLIENT_ID: text,
  PAYPAL_CLIENT_SECRET: text,
  PAYPAL_WEBHOOK_ID: text,
  PAYPAL_API_BASE: urlWith(['http:', 'https:'], 'https://api-m.sandbox.paypal.com'),
  STUN_URLS: iceUrls(['stun:'], 'stun:stun.example.com:3478'),
  TURN_URLS: iceUrls(['turn:', 'turns:'], 'turn:turn.example.com:3478'),
  TURN_SECRET: text,
  /** Static TURN credentials were replaced by TURN_SECRET (issue 28); read only to say so. */
  TURN_USERNAME: text,
  TURN_CREDENTIAL: text,
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{86,88}=?$/, {
      error: 'debe ser la clave pública VAPID en base64url (87 caracteres)',
    }),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{42,44}=?$/, {
      error: 'debe ser la clave privada VAPID en base64url (43 caracteres)',
    }),
  ),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, {
      error: 'debe ser un contacto mailto:… o https://…',
    }),
  ),
  AFIP_ENV: flag(['imitacion', 'homologacion', 'produccion']),
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  MICROSOFT_CLIENT_ID: text,
  MICROSOFT_CLIENT_SECRET: text,
  MICROSOFT_TENANT: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,100}$/, { error: 'debe ser common, organizations o el id del inquilino' }),
  ),
  ZOOM_CLIENT_ID: text,
  ZOOM_CLIENT_SECRET: text,
  CALENDAR_IMITATION: flag(['0', '1']),
  CALENDAR_BUSY_TTL_SECONDS: optional(
    z
      .string()
      .refine((value) => /^\d{1,5}$/.test(value), {
        error: (issue) => `debe ser un número entero de segundos (se recibió «${issue.input}»)`,
      })
      .transform(Number),
  ),
  OUTBOUND_ALLOW: originList,
  AFIP_WSAA_URL: urlWith(['http:', 'https:'], 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms'),
  AFIP_WSFE_URL: urlWith(['http:', 'https:'], 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx'),
  AFIP_PADRON_URL: urlWith(
    ['http:', 'https:'],
    'https://awshomo.afip.gov.ar/sr-padron/webservices/personaServiceA13',
  ),
});
export type Env = z.infer<typeof envSchema>;
