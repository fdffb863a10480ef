import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One push as the imitation received it, with what its checks found. */
export interface ReceivedPush {
  device: string;
  /** What the VAPID and encryption checks found wrong (empty when the request is well formed). */
  problems: string[];
  /** The JWT's claims (aud, exp, sub). */
  claims: Record<string, unknown> | null;
  /** The plaintext, decrypted with the device's private key (null when it could not be). */
  payload: string | null;
  status: number;
}

/** A browser's side of a subscription: its keys, and the plaintext of what it was sent. */
export interface FakeDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A local imitation of a push service (RFC 8030) over HTTPS, as the real ones are: it takes the
 * push the real `web-push` sender encrypts (RFC 8291, aes128gcm) and signs (RFC 8292, VAPID),
 * checks the JWT's shape, audience, expiry and ES256 signature against the `k=` key, decrypts the
 * payload with the device's private key, and answers 201, or what a test told it (410 = gone).
 */
export async function startFakePushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile);
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(id);
      const problems: string[] = [];
      if (req.method !== 'POST') problems.push(`method ${req.method}`);
      const claims = checkVapid(String(req.headers.authorization ?? ''), origin, problems);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push('content-encoding');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) problems.push('ttl');
      let payload: string | null = null;
      if (device) {
        try {
          payload = decrypt(Buffer.concat(chunks), device.ecdh, device.auth);
        } catch (error) {
          problems.push(`decrypt: ${String(error)}`);
        }
      }
      // An endpoint it never issued is gone (404); a malformed push is refused (400).
      const status = !device ? 404 : problems.length > 0 ? 400 : device.status;
      received.push({ device: id, problems, claims, payload, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** This service's certificate, for the app's outbound client to trust (`outboundCa`). */
    ca: cert,
    /** A new device subscribed at this service; `status` is what its pushes are answered. */
    device(status = 201): FakeDevice {
      const id = crypto.randomBytes(8).toString('hex');
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth, status });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 JWT for this origin, valid under 24 h. */
function checkVapid(header: string, origin: string, problems: string[]): Record<string, unknown> | null {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) {
    problems.push('authorization header');
    return null;
  }
  const [head, body, signature] = (match[1] as string).split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  if (jose.alg !== 'ES256' || jose.typ !== 'JWT') problems.push('jwt header');
  if (claims.aud !== origin) problems.push(`aud ${String(claims.aud)}`);
  const exp = Number(claims.exp);
  const now = Date.now() / 1000;
  if (!(exp > now && exp <= now + 24 * 3600)) problems.push('exp');
  if (!/^(mailto:|https:)/.test(String(claims.sub))) problems.push('sub');
  const point = Buffer.from(match[2] as string, 'base64url');
  if (point.length !== 65 || point[0] !== 4) {
    problems.push('k');
    return claims;
  }
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) problems.push('signature');
  return claims;
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 / RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}
