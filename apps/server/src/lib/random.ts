import { createHash, randomBytes } from 'node:crypto';

/** Public identifiers: 128 random bits, url-safe (ARCHITECTURE §3: never sequence ids). */
export function newRef(): string {
  return randomBytes(16).toString('base64url');
}

/** Bearer and one-time tokens: 256 random bits. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as a hash. A fast hash is enough: with 256 bits of entropy there
 * is nothing to brute-force, unlike a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
