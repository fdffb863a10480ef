import { loadFileTypeFromBuffer, loadSharp } from '../../lib/heavy-libraries.ts';

export interface DetectedFile {
  kind: 'image' | 'pdf' | 'doc';
  mime: string;
  ext: string;
}

const docxMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The stream every Word 97–2003 file has inside its OLE2 container, in UTF-16LE. */
const wordStream = Buffer.from('WordDocument', 'utf16le');

/**
 * spec 001 §5: jpeg, jpg, pdf and msword, decided by the bytes, never by the name. An OLE2
 * container counts as Word only with a WordDocument stream (not an .xls or an .msi). .docx is
 * accepted too (our decision: it is what Word writes today); macro-enabled files are not.
 */
export async function detectRecordFile(bytes: Buffer): Promise<DetectedFile | null> {
  const fileTypeFromBuffer = await loadFileTypeFromBuffer();
  const type = await fileTypeFromBuffer(bytes);
  if (!type) return null;
  if (type.mime === 'image/jpeg') return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (type.mime === 'application/pdf') return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' };
  if (type.mime === 'application/x-cfb' && bytes.includes(wordStream)) {
    return { kind: 'doc', mime: 'application/msword', ext: 'doc' };
  }
  if (type.mime === docxMime) return { kind: 'doc', mime: docxMime, ext: 'docx' };
  return null;
}

/**
 * A JPEG re-encoded without its metadata (EXIF, GPS: sharp drops it unless asked to keep it),
 * turned upright first, and the webp large view of spec 001 §3.
 */
export async function imageViews(bytes: Buffer): Promise<{ original: Buffer; large: Buffer }> {
  const sharp = await loadSharp();
  const upright = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const original = await upright.clone().jpeg({ quality: 90 }).toBuffer();
  const large = await upright
    .clone()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { original, large };
}
