import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrOfPdf } from '../../test/pdf-qr.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { certificateDate, certificateQrPng, renderCertificatePdf } from './certificate-pdf.ts';
import { renderDemoLessonPdf } from './demo-lesson-pdf.ts';

const input = {
  ref: 'CERT-7Q2K9XW4',
  studentName: 'María José Fernández',
  courseTitle: 'Relajación y manejo del estrés',
  professionalName: 'Lic. Ana Pérez',
  // 01:30 UTC on the 24th is still the 23rd in Buenos Aires.
  issuedAt: new Date('2026-11-24T01:30:00Z'),
  timeZone: 'America/Argentina/Buenos_Aires',
  verifyUrl: 'https://agendo.example/ar/es/certificados/CERT-7Q2K9XW4',
};

/** Page objects, not the '/Pages' tree node; pdfkit writes the page dictionaries uncompressed. */
function pageObjects(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;
}

function pageCount(pdf: Buffer): number {
  return Number(pdf.toString('latin1').match(/\/Type \/Pages\s*\/Count (\d+)/)?.[1]);
}

function decodeQr(rgba: Uint8ClampedArray, width: number, height: number): string | undefined {
  return jsQR(rgba, width, height)?.data;
}

describe('renderCertificatePdf', () => {
  it('is a one-page PDF titled after the course', async () => {
    const pdf = await renderCertificatePdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageObjects(pdf)).toBe(1);
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
  });

  it('prints the Spanish wording, the names, the local date and the code', async () => {
    const text = pdfText(await renderCertificatePdf(input));
    for (const expected of [
      'Agendo',
      'Certificado de finalización',
      'Se certifica que',
      'María José Fernández',
      'completó el curso',
      'Relajación y manejo del estrés',
      'dictado por Lic. Ana Pérez',
      '23 de noviembre de 2026',
      'CERT-7Q2K9XW4',
      'Verifica este certificado escaneando el código o en',
      input.verifyUrl,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('renders the same bytes for the same certificate', async () => {
    expect((await renderCertificatePdf(input)).equals(await renderCertificatePdf(input))).toBe(true);
  });

  it('keeps very long names, titles and links on one page', async () => {
    const long = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ');
    const pdf = await renderCertificatePdf({
      ...input,
      studentName: long('Fernández', 30),
      courseTitle: long('Relajación', 60),
      professionalName: long('Pérez', 40),
      verifyUrl: `${input.verifyUrl}?x=${'a'.repeat(400)}`,
    });
    expect(pageObjects(pdf)).toBe(1);
    expect(pageCount(pdf)).toBe(1);
  });

  it('formats the date in the given zone', () => {
    expect(certificateDate(input.issuedAt, 'America/Argentina/Buenos_Aires')).toBe('23 de noviembre de 2026');
    expect(certificateDate(input.issuedAt, 'Europe/Madrid')).toBe('24 de noviembre de 2026');
    expect(() => certificateDate(input.issuedAt, 'Nowhere/Atlantis')).toThrow();
  });
});

describe('certificate QR', () => {
  it('decodes back to the verification URL', async () => {
    const { data, info } = await sharp(await certificateQrPng(input.verifyUrl))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(decodeQr(new Uint8ClampedArray(data), info.width, info.height)).toBe(input.verifyUrl);
  });

  it('is the image printed on the certificate', async () => {
    expect(qrOfPdf(await renderCertificatePdf(input))).toBe(input.verifyUrl);
  });
});

describe('renderDemoLessonPdf', () => {
  it('is a four-page guide with numbered pages', async () => {
    const pdf = await renderDemoLessonPdf();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageObjects(pdf)).toBe(4);
    expect(pageCount(pdf)).toBe(4);
    const text = pdfText(pdf);
    for (const expected of [
      'Guía práctica: respiración consciente',
      'Respiración diafragmática',
      'La técnica 4-7-8',
      'Registro diario',
      'Página 4 de 4',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
