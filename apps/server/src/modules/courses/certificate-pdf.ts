import { DateTime } from 'luxon';
import { loadQrCode } from '../../lib/heavy-libraries.ts';
import { openPdfDocument } from '../../lib/pdf-document.ts';
import { printable } from '../../lib/pdf-text.ts';

export interface CertificatePdfInput {
  ref: string;
  studentName: string;
  courseTitle: string;
  professionalName: string;
  issuedAt: Date;
  /** The professional's IANA zone: the day printed is the day it was in their calendar. */
  timeZone: string;
  verifyUrl: string;
}

const brand = '#0b7a86';
const brandDark = '#045a63';
const brandLight = '#9cdce1';
const ink = '#1f2933';
const muted = '#52606d';

/** The QR printed on the certificate, also exported so tests can decode exactly what is printed. */
export async function certificateQrPng(verifyUrl: string): Promise<Buffer> {
  const QRCode = await loadQrCode();
  return QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/** '23 de noviembre de 2026' in the given zone. */
export function certificateDate(issuedAt: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(issuedAt).setZone(timeZone).setLocale('es');
  if (!local.isValid) throw new Error(`certificate date: invalid time zone ${timeZone}`);
  return local.toFormat("d 'de' MMMM 'de' yyyy");
}

interface Block {
  text: string;
  font: string;
  size: number;
  color: string;
  height: number;
  gapAfter: number;
}

/**
 * Names and titles come from users and can be of any length: the font shrinks until the text fits
 * its box, and only past the smallest size is the text cut with an ellipsis, so the certificate
 * stays one page whatever it prints.
 */
function fitted(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  sizes: { max: number; min: number; maxHeight: number },
  width: number,
  color: string,
  gapAfter: number,
): Block {
  doc.font(font);
  let size = sizes.max;
  for (; size > sizes.min; size -= 1) {
    if (doc.fontSize(size).heightOfString(text, { width, align: 'center' }) <= sizes.maxHeight) break;
  }
  const height = Math.min(
    doc.fontSize(size).heightOfString(text, { width, align: 'center' }),
    sizes.maxHeight,
  );
  return { text, font, size, color, height, gapAfter };
}

/** The course certificate: one A4 landscape page in Spanish, with a QR to its verification page. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const qr = await certificateQrPng(input.verifyUrl);
  const date = certificateDate(input.issuedAt, input.timeZone);
  const { doc, bytes } = await openPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: {
      Title: `Certificado - ${input.courseTitle}`,
      Author: 'Agendo',
      // The issue date rather than the render time, so the same certificate renders the same bytes.
      CreationDate: input.issuedAt,
    },
  });

  const { width: pageWidth, height: pageHeight } = doc.page;
  const columnX = 90;
  const columnWidth = pageWidth - 2 * columnX;

  doc
    .lineWidth(1.5)
    .strokeColor(brand)
    .rect(22, 22, pageWidth - 44, pageHeight - 44)
    .stroke();
  doc
    .lineWidth(0.5)
    .strokeColor(brandLight)
    .rect(30, 30, pageWidth - 60, pageHeight - 60)
    .stroke();

  doc.font('Helvetica-Bold').fontSize(12).fillColor(brand);
  doc.text('Agendo', columnX, 54, { width: columnWidth, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(30).fillColor(ink);
  doc.text('Certificado de finalización', columnX, 82, { width: columnWidth, align: 'center' });
  doc
    .lineWidth(1.5)
    .strokeColor(brand)
    .moveTo(pageWidth / 2 - 40, 126)
    .lineTo(pageWidth / 2 + 40, 126)
    .stroke();

  // The middle block is measured first and then centred between the title and the footer band.
  const blocks = [
    fitted(doc, 'Se certifica que', 'Helvetica', { max: 13, min: 13, maxHeight: 20 }, columnWidth, muted, 8),
    fitted(
      doc,
      printable(input.studentName),
      'Helvetica-Bold',
      { max: 32, min: 18, maxHeight: 80 },
      columnWidth,
      brandDark,
      10,
    ),
    fitted(doc, 'completó el curso', 'Helvetica', { max: 13, min: 13, maxHeight: 20 }, columnWidth, muted, 8),
    fitted(
      doc,
      printable(input.courseTitle),
      'Helvetica-Bold',
      { max: 22, min: 13, maxHeight: 60 },
      columnWidth,
      ink,
      12,
    ),
    fitted(
      doc,
      printable(`dictado por ${input.professionalName}`),
      'Helvetica',
      { max: 14, min: 11, maxHeight: 36 },
      columnWidth,
      muted,
      0,
    ),
  ];
  const middleTop = 140;
  const middleBottom = 430;
  const total = blocks.reduce((sum, b) => sum + b.height + b.gapAfter, 0);
  let y = middleTop + Math.max(0, (middleBottom - middleTop - total) / 2);
  for (const block of blocks) {
    doc.font(block.font).fontSize(block.size).fillColor(block.color);
    doc.text(block.text, columnX, y, {
      width: columnWidth,
      height: block.height,
      align: 'center',
      ellipsis: true,
    });
    y += block.height + block.gapAfter;
  }

  const bandTop = 448;
  const sideX = 70;
  doc
    .lineWidth(0.5)
    .strokeColor('#d9e2ec')
    .moveTo(sideX, bandTop - 10)
    .lineTo(pageWidth - sideX, bandTop - 10)
    .stroke();

  const label = (text: string, at: number) => {
    doc.font('Helvetica').fontSize(9).fillColor(muted);
    doc.text(text, sideX, at, { width: 260 });
  };
  const value = (text: string, at: number) => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(ink);
    doc.text(printable(text), sideX, at, { width: 260, height: 16, ellipsis: true });
  };
  label('Fecha de emisión', bandTop + 6);
  value(date, bandTop + 19);
  label('Código del certificado', bandTop + 48);
  value(input.ref, bandTop + 61);

  const qrSize = 92;
  const qrX = pageWidth - sideX - qrSize;
  doc.image(qr, qrX, bandTop, { width: qrSize, height: qrSize });
  const captionWidth = 240;
  const captionX = qrX - 14 - captionWidth;
  doc.font('Helvetica').fontSize(9).fillColor(muted);
  doc.text('Verifica este certificado escaneando el código o en', captionX, bandTop + 24, {
    width: captionWidth,
    align: 'right',
  });
  doc.fillColor(brand);
  doc.text(printable(input.verifyUrl), captionX, doc.y + 2, {
    width: captionWidth,
    height: 40,
    align: 'right',
    ellipsis: true,
    link: input.verifyUrl,
  });

  doc.end();
  return bytes;
}
