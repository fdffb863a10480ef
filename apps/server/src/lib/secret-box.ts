import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The keys that seal secrets at rest (KEY_ENCRYPTION_KEY and PREVIOUS_KEY_ENCRYPTION_KEYS):
 * `current` seals, every key opens what it sealed. Rotation (issue 28, README "Key rotation"):
 * a new current key, the old one moved to `previous`, `npm run reseal`, then the old one removed.
 */
export interface KeyRing {
  current: Buffer;
  previous: readonly Buffer[];
}

export const keyRingOf = (current: Buffer, previous: readonly Buffer[] = []): KeyRing => ({
  current,
  previous,
});

/**
 * A key's public name inside sealed values: the first 8 hex characters of its SHA-256. It tells
 * which key opens a value without revealing the key, and needs no id for an operator to assign.
 */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/**
 * AES-256-GCM, stored as 'v2:<key id>:' + base64(iv | tag | ciphertext). A wrong key or a tampered
 * value fails to open. Values from before key ids ('v1:' + base64) still open (tried with each key
 * of the ring; GCM's tag tells the right one) and `npm run reseal` rewrites them as v2.
 */
export function sealSecret(ring: KeyRing, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v2:${keyId(ring.current)}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export class UnknownSealingKey extends Error {}

export function openSecret(ring: KeyRing, sealed: string): string {
  const keys = [ring.current, ...ring.previous];
  if (sealed.startsWith('v1:')) {
    const raw = Buffer.from(sealed.slice(3), 'base64');
    for (const key of keys.slice(0, -1)) {
      try {
        return openWith(key, raw);
      } catch {
        // Not this key: the next one.
      }
    }
    return openWith(keys[keys.length - 1] as Buffer, raw);
  }
  const match = /^v2:([0-9a-f]{8}):(.*)$/s.exec(sealed);
  if (!match) throw new Error('unknown secret format');
  const key = keys.find((candidate) => keyId(candidate) === match[1]);
  if (!key) {
    throw new UnknownSealingKey(
      `sealed under key ${match[1]}, which is neither KEY_ENCRYPTION_KEY nor in PREVIOUS_KEY_ENCRYPTION_KEYS`,
    );
  }
  return openWith(key, Buffer.from(match[2] ?? '', 'base64'));
}

/** Whether a sealed value is under another key than the ring's current one (reseal rewrites it). */
export function sealedUnderOldKey(ring: KeyRing, sealed: string): boolean {
  return !sealed.startsWith(`v2:${keyId(ring.current)}:`);
}

function openWith(key: Buffer, raw: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** What the browser may see of a key: its last four characters. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
}
