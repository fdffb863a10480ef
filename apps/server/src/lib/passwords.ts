import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../config.ts';

// @node-rs/argon2 hashes with Argon2id by default; the cost comes from config (OWASP minimum).
export function hashPassword(config: AppConfig, password: string): Promise<string> {
  return hash(password, config.argon2);
}

export function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return verify(hashed, password).catch(() => false);
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the same time as a real check when the e-mail is unknown, so response time does not
 * tell which addresses have an account.
 */
export async function verifyAgainstDummy(config: AppConfig, password: string): Promise<false> {
  dummyHash ??= hashPassword(config, 'not-a-real-password-0123456789');
  await verifyPassword(await dummyHash, password);
  return false;
}
