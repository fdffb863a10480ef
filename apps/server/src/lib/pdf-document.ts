import { loadPdfDocument } from './heavy-libraries.ts';

/**
 * A new PDFKit document and the bytes it holds once the caller ends it (`doc.end()`): the stream
 * is collected the one way every renderer needs, and a stream error rejects the bytes.
 */
export async function openPdfDocument(options: PDFKit.PDFDocumentOptions) {
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
