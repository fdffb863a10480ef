import { describe, expect, it } from 'vitest';
import { zoneLabel } from './time-zone-label.ts';

// issue 12: zones showed as raw IANA names in English ('America/Buenos_Aires', 'Mexico City').
describe('zoneLabel', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it.each([
    ['America/Argentina/Buenos_Aires', winter, 'Buenos Aires (GMT-3)'],
    ['America/Buenos_Aires', winter, 'Buenos Aires (GMT-3)'],
    ['America/Mexico_City', winter, 'Ciudad de México (GMT-6)'],
    ['America/Bogota', winter, 'Bogotá (GMT-5)'],
    ['America/New_York', winter, 'Nueva York (GMT-5)'],
    ['America/New_York', summer, 'Nueva York (GMT-4)'],
    ['Europe/Madrid', summer, 'Madrid (GMT+2)'],
    ['America/Sao_Paulo', winter, 'São Paulo (GMT-3)'],
    ['Asia/Kolkata', winter, 'Kolkata (GMT+5:30)'],
  ])('%s on %s reads %s', (zone, at, label) => {
    expect(zoneLabel(zone, 'es', at)).toBe(label);
  });

  it('keeps English city names on English pages', () => {
    expect(zoneLabel('America/Mexico_City', 'en', winter)).toBe('Mexico City (GMT-6)');
  });

  it('never shows an IANA id with slashes or underscores', () => {
    for (const zone of Intl.supportedValuesOf('timeZone'))
      expect(zoneLabel(zone, 'es', winter)).not.toMatch(/[/_]/);
  });
});
