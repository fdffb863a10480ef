import { describeError, type ErrorCatalogue } from '@agendo/contract';
import type { z } from 'zod';
import { ApiError } from './api.ts';
import { withUserLang } from './route-prefix.ts';
import { getToken } from './session.ts';

/**
 * POST a multipart form to one of the upload routes (they are not actions: files do not fit the
 * JSON dispatcher), reporting progress (0–100). It resolves with the answer parsed by `answer`
 * and rejects with an ApiError like `call` does: the route's code and message, or the network one.
 * The form's fields go in the order given: routes read the ref before the file's bytes.
 */
export function uploadFile<T>({
  url,
  form,
  answer,
  errors,
  onProgress,
}: {
  url: string;
  form: FormData;
  answer: z.ZodType<T>;
  errors: ErrorCatalogue;
  onProgress?: (percent: number) => void;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', withUserLang(url, window.location.pathname));
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
      const parsed = answer.safeParse(body);
      if (request.status === 200 && parsed.success) {
        resolve(parsed.data);
        return;
      }
      // A proxy may cut a too-large body before the server can answer with its own JSON; routes
      // that take large files (lesson videos) list E413 in their own catalogue for that.
      const tooLarge = request.status === 413 && Object.hasOwn(errors, 'E413');
      const code = body?.code ?? (tooLarge ? 'E413' : 'E500');
      const message = body?.message ?? describeError(errors, code)?.es ?? '';
      reject(new ApiError(code, message, body?.field, request.status));
    };
    request.send(form);
  });
}
