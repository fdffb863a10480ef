import { describeError, PublicationImageUploadResult, publicationImageErrors } from '@agendo/contract';
import { ApiError } from '../../lib/api.ts';
import { getToken } from '../../lib/session.ts';

export type UploadedImage = { id: string; link: string };

/** POST /upload/publication-image with progress (0–100); the server re-encodes the image. */
export function uploadPublicationImage(
  ref: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/upload/publication-image');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError('NETWORK', 'Revise su conexión de internet.', undefined, 0));
    request.onload = () => {
      let body: { code?: string; message?: string; field?: string } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const parsed = PublicationImageUploadResult.safeParse(body);
      if (request.status === 200 && parsed.success) {
        resolve(parsed.data.image);
        return;
      }
      const code = body?.code ?? 'E500';
      const message = body?.message ?? describeError(publicationImageErrors, code)?.es ?? '';
      reject(new ApiError(code, message, body?.field, request.status));
    };
    const form = new FormData();
    // The ref goes first so the server knows the publication before reading the file.
    form.append('ref', ref);
    form.append('image', file);
    request.send(form);
  });
}
