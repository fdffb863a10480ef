import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * The QR code printed in a pdfkit PDF, read back from its colour image: pdfkit splits a PNG with
 * alpha into deflated raw RGB (this one) and a grey soft mask, so the RGB stream is the picture.
 */
export function qrOfPdf(pdf: Buffer): string | undefined {
  const raw = pdf.toString('latin1');
  const match = [...raw.matchAll(/<<([^>]*\/Subtype \/Image[^>]*)>>\s*stream\r?\n/g)].find((m) =>
    m[1]?.includes('/ColorSpace /DeviceRGB'),
  );
  if (!match || match.index === undefined) return undefined;
  const dict = match[1] ?? '';
  const width = Number(dict.match(/\/Width (\d+)/)?.[1]);
  const height = Number(dict.match(/\/Height (\d+)/)?.[1]);
  const length = Number(dict.match(/\/Length (\d+)/)?.[1]);
  const start = match.index + match[0].length;
  const rgb = inflateSync(pdf.subarray(start, start + length));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba[i * 4] = rgb[i * 3] ?? 0;
    rgba[i * 4 + 1] = rgb[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = rgb[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data;
}
