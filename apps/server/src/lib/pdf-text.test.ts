import { describe, expect, it } from 'vitest';
import { printable } from './pdf-text.ts';

describe('PDF text', () => {
  it('keeps Spanish letters and the em dash, replaces what the standard fonts cannot print', () => {
    expect(printable('Núñez — ñandú, acción ü ¿sí? €')).toBe('Núñez — ñandú, acción ü ¿sí? €');
    expect(printable('Dolor 😀 ✓ 中')).toBe('Dolor ? ? ?');
  });
});
