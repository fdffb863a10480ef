import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecret, openSecret, sealSecret } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'APP_USR-1234567890-secret');
    expect(sealed).not.toContain('APP_USR');
    expect(openSecret(key, sealed)).toBe('APP_USR-1234567890-secret');
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });
  it('refuses another key or a tampered value', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(key, `v1:${raw.toString('base64')}`)).toThrow();
  });
  it('masks all but the last four characters', () => {
    expect(maskSecret('APP_USR-abcd')).toBe('••••abcd');
    expect(maskSecret('abc')).toBe('••••');
  });
});
