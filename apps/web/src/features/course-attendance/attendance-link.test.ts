import { describe, expect, it } from 'vitest';
import { parseAttendanceLink } from './attendance-link.ts';

const entry = { lessonId: 'lessonRef001', userId: 'studentRef01' };

describe('parseAttendanceLink', () => {
  it.each([
    ['the link the server encodes', 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01'],
    ['another host and prefix', 'http://localhost:5173/la/en/qr-reader-live-date/lessonRef001/studentRef01'],
    ['a trailing slash', 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01/'],
    ['a query and a hash', 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01?x=1#y'],
    [
      'spaces around a pasted link',
      '  https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01\n',
    ],
    ['a bare path', '/ar/es/qr-reader-live-date/lessonRef001/studentRef01'],
    ['a path without prefix', 'qr-reader-live-date/lessonRef001/studentRef01'],
  ])('reads %s', (_, text) => {
    expect(parseAttendanceLink(text)).toEqual(entry);
  });

  it('keeps refs with - and _ and of 8 to 64 characters', () => {
    const long = 'a'.repeat(64);
    expect(parseAttendanceLink(`https://x.app/ar/es/qr-reader-live-date/ab_cd-ef/${long}`)).toEqual({
      lessonId: 'ab_cd-ef',
      userId: long,
    });
  });

  it.each([
    ['an empty text', ''],
    ['plain text', 'hola'],
    ['another page of the app', 'https://agendo.app/ar/es/certificate/certRef0001'],
    ['a certificate QR', 'https://agendo.app/ar/es/certificate/lessonRef001/studentRef01'],
    ['a missing student', 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001'],
    ['an extra segment', 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01/x'],
    ['a ref too short', 'https://agendo.app/ar/es/qr-reader-live-date/short/studentRef01'],
    ['a ref too long', `https://agendo.app/ar/es/qr-reader-live-date/${'a'.repeat(65)}/studentRef01`],
    ['a ref with other characters', 'https://agendo.app/ar/es/qr-reader-live-date/lesson.Ref01/studentRef01'],
    ['an encoded ref', 'https://agendo.app/ar/es/qr-reader-live-date/lesson%2FRef01/studentRef01'],
    ['the route name inside a segment', 'https://agendo.app/xqr-reader-live-date/lessonRef001/studentRef01'],
    ['another scheme', 'javascript:/qr-reader-live-date/lessonRef001/studentRef01'],
    ['a path only in the query', 'https://agendo.app/?go=/qr-reader-live-date/lessonRef001/studentRef01'],
  ])('rejects %s', (_, text) => {
    expect(parseAttendanceLink(text)).toBeNull();
  });
});
