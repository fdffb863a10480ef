import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyRingOf, maskSecret, openSecret, sealSecret, UnknownSealingKey } from './secret-box.ts';

describe('secret box', () => {
  const key = keyRingOf(randomBytes(32));
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'APP_USR-1234567890-secret');
    expect(sealed).not.toContain('APP_USR');
    expect(openSecret(key, sealed)).toBe('APP_USR-1234567890-secret');
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });
  it('refuses another key or a tampered value', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(keyRingOf(randomBytes(32)), sealed)).toThrow(UnknownSealingKey);
    const [version, id, body] = sealed.split(':');
    const raw = Buffer.from(body ?? '', 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(key, `${version}:${id}:${raw.toString('base64')}`)).toThrow();
  });
  it('opens values from before key ids with whichever key of the ring sealed them', () => {
    const old = keyRingOf(randomBytes(32));
    const legacy = `v1:${sealSecret(old, 'secret').split(':')[2]}`;
    expect(openSecret(keyRingOf(randomBytes(32), [old.current]), legacy)).toBe('secret');
    expect(() => openSecret(key, legacy)).toThrow();
  });
  it('masks all but the last four characters', () => {
    expect(maskSecret('APP_USR-abcd')).toBe('••••abcd');
    expect(maskSecret('abc')).toBe('••••');
  });
});
