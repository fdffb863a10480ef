import { publicationLimits } from '@agendo/contract';
import { loadFileTypeFromBuffer, loadSharp } from './heavy-libraries.ts';

/**
 * Marketing images are public, so we store a re-encoded copy only: webp, at most 1600 px a side,
 * without the camera's metadata (location, device) that the original file may carry. Answers
 * null when the bytes are not an image sharp can read.
 */
export async function reencodePublicImage(bytes: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** JPG, PNG or WEBP by the bytes themselves (the name and the declared type can lie). */
export async function isPublicImage(bytes: Buffer): Promise<boolean> {
  const fileTypeFromBuffer = await loadFileTypeFromBuffer();
  const type = await fileTypeFromBuffer(bytes);
  return type !== undefined && (publicationLimits.imageMimeTypes as readonly string[]).includes(type.mime);
}
