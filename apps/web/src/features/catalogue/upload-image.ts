import { PublicationImageUploadResult, publicationImageErrors } from '@agendo/contract';
import { uploadFile } from '../../lib/upload-file.ts';

export type UploadedImage = { id: string; link: string };

/** POST /upload/publication-image with progress (0–100); the server re-encodes the image. */
export async function uploadPublicationImage(
  ref: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  // The ref goes first so the server knows the publication before reading the file.
  form.append('ref', ref);
  form.append('image', file);
  const answer = await uploadFile({
    url: '/upload/publication-image',
    form,
    answer: PublicationImageUploadResult,
    errors: publicationImageErrors,
    onProgress,
  });
  return answer.image;
}
