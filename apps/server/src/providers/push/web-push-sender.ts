import fs from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { lazy } from '../../lib/lazy.ts';

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

/** The development pair: made once per data folder so the demo's devices stay subscribed. */
const devKeysFile = 'vapid-dev-keys.json';

type WebPushModule = typeof import('web-push');

/**
 * Web push through the `web-push` library (RFC 8291 encryption, RFC 8292 VAPID), loaded on first
 * use (issue 13: a start that sends no push never loads it). Production keys come from the
 * environment (config refuses to start without them); elsewhere a pair is generated on first use
 * and kept in DATA_DIR. `agent` lets the tests trust their local imitation's certificate.
 */
export function createWebPushSender(
  config: Pick<AppConfig, 'push' | 'dataDir' | 'env'>,
  log: FastifyBaseLogger,
  agent?: Agent,
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
      const [webpush, vapid] = await Promise.all([library(), keys()]);
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: { subject: config.push.subject, ...vapid },
          // A notification about an appointment is stale after a day; the push service may drop it.
          TTL: 24 * 60 * 60,
          // RFC 8291's encoding, which every current push service takes.
          contentEncoding: 'aes128gcm',
          timeout: config.push.timeoutMs,
          ...(agent ? { agent } : {}),
        });
        return 'delivered';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        log.warn({ err: error, status }, 'web push: delivery failed');
        return 'failed';
      }
    },
  };
}
