import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, for assertions: pdfkit deflates each content stream and writes the
 * standard fonts' text as hex strings in WinAnsi (Latin-1 for our Spanish letters).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
        Buffer.from(hex[1] ?? '', 'hex').toString('latin1'),
      );
      out.push(pieces.join(''));
    }
  }
  return out.join('\n');
}
