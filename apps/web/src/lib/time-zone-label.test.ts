import { describe, expect, it } from 'vitest';
import { zoneLabel, zoneLabelPlain } from './time-zone-label.ts';

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

// issue 12: inside brackets the label nested them: '(tu hora, Buenos Aires (GMT-3))'.
describe('zoneLabelPlain', () => {
  const winter = new Date('2026-01-15T12:00:00Z');

  it.each([
    ['America/Argentina/Buenos_Aires', 'es', 'Buenos Aires, GMT-3'],
    ['America/Mexico_City', 'es', 'Ciudad de México, GMT-6'],
    ['America/Mexico_City', 'en', 'Mexico City, GMT-6'],
    ['Asia/Kolkata', 'es', 'Kolkata, GMT+5:30'],
  ] as const)('%s in %s reads %s', (zone, lang, label) => {
    expect(zoneLabelPlain(zone, lang, winter)).toBe(label);
  });

  it('has no brackets of its own for any zone', () => {
    for (const zone of Intl.supportedValuesOf('timeZone'))
      expect(zoneLabelPlain(zone, 'es', winter)).not.toMatch(/[()]/);
  });
});
