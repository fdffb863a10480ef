import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { lazy } from '../../lib/lazy.ts';
import type { Outbound } from '../../lib/outbound.ts';

/** A device's subscription as the browser gave it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What a push service answered: delivered (2xx), `gone` (404/410: the device unsubscribed or the
 * subscription expired; RFC 8030 §7.3, the subscription must be forgotten), or failed otherwise.
 */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The push services browsers subscribe at (issue 28): Chrome and the Chromium browsers use
 * Firebase Cloud Messaging (fcm.googleapis.com; jmt17.google.com for Chromium builds without
 * Google's keys; android.googleapis.com the legacy GCM one), Firefox Mozilla's autopush, Safari
 * Apple's web push (web.push.apple.com), Edge on Windows WNS. A leading dot names the subdomains.
 */
const pushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'jmt17.google.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

/** Whether an endpoint is https on a push service's public host (default port): the server POSTs there. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return pushServiceHosts.some((known) => (known.startsWith('.') ? host.endsWith(known) : host === known));
}

/** The development pair: made once per data folder so the demo's devices stay subscribed. */
const devKeysFile = 'vapid-dev-keys.json';

type WebPushModule = typeof import('web-push');

/**
 * Web push through the `web-push` library (RFC 8291 encryption, RFC 8292 VAPID), loaded on first
 * use (issue 13: a start that sends no push never loads it). Production keys come from the
 * environment (config refuses to start without them); elsewhere a pair is generated on first use
 * and kept in DATA_DIR. The library encrypts and signs; the request goes out through the
 * outbound client (issue 28), to push services only (or an allow-listed imitation in tests).
 */
export function createWebPushSender(
  config: Pick<AppConfig, 'push' | 'dataDir' | 'env'>,
  log: FastifyBaseLogger,
  outbound: Outbound,
): PushSender {
  const library = lazy(async (): Promise<WebPushModule> => {
    const loaded = (await import('web-push')) as WebPushModule & { default?: WebPushModule };
    return loaded.default ?? loaded;
  });
  const keys = lazy(async (): Promise<VapidKeys> => {
    if (config.push.vapid) return config.push.vapid;
    const file = path.join(config.dataDir, devKeysFile);
    try {
      const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
      if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return kept;
    } catch {
      // No pair yet (or an unreadable one): make a new one below.
    }
    const made = (await library()).generateVAPIDKeys();
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
    log.info({ file }, 'web push: generated a development VAPID key pair');
    return made;
  });

  return {
    async publicKey() {
      return (await keys()).publicKey;
    },
    async send(target, payload) {
      // A subscription kept before issue 28 may name any address: it is never called.
      if (!isPushServiceEndpoint(target.endpoint) && !outbound.allowed(target.endpoint)) {
        log.warn({ endpoint: target.endpoint }, 'web push: not a push service; not sent');
        return 'gone';
      }
      const [webpush, vapid] = await Promise.all([library(), keys()]);
      try {
        const request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: config.push.subject, ...vapid },
          // A notification about an appointment is stale after a day; the push service may drop it.
          TTL: 24 * 60 * 60,
          // RFC 8291's encoding, which every current push service takes.
          contentEncoding: 'aes128gcm',
        });
        const answer = await outbound.request(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          ...(request.body ? { body: request.body } : {}),
          timeoutMs: config.push.timeoutMs,
        });
        if (answer.ok) return 'delivered';
        if (answer.status === 404 || answer.status === 410) return 'gone';
        log.warn({ status: answer.status, body: answer.text().slice(0, 200) }, 'web push: delivery failed');
        return 'failed';
      } catch (error) {
        log.warn({ err: error }, 'web push: delivery failed');
        return 'failed';
      }
    },
  };
}
