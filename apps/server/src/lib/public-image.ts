import { publicationLimits } from '@agendo/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * Marketing images are public, so we store a re-encoded copy only: webp, at most 1600 px a side,
 * without the camera's metadata (location, device) that the original file may carry. Answers
 * null when the bytes are not an image sharp can read.
 */
export async function reencodePublicImage(bytes: Buffer): Promise<Buffer | null> {
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

/**
 * Reads the multipart form of an image upload route: the `ref` field and one file `image` of at
 * most `maxBytes`. Answers the catalogue code for a body we cannot take (E413 too large, E400
 * not a form); ownership and the file's type are each route's next checks.
 */
export async function receiveRefAndImage(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ ref: string | null; bytes: Buffer | null } | 'E400' | 'E413'> {
  if (!request.isMultipart()) return 'E400';
  let ref: string | null = null;
  let bytes: Buffer | null = null;
  let truncated = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'ref' && typeof part.value === 'string') ref = part.value;
      } else if (part.fieldname === 'image') {
        bytes = await part.toBuffer();
        truncated = part.file.truncated;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? 'E413' : 'E400';
  }
  return truncated ? 'E413' : { ref, bytes };
}

/** JPG, PNG or WEBP by the bytes themselves (the name and the declared type can lie). */
export async function isPublicImage(bytes: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(bytes);
  return type !== undefined && (publicationLimits.imageMimeTypes as readonly string[]).includes(type.mime);
}
