import { describeError, lessonFileErrors } from '@agendo/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { getToken } from '../../lib/session.ts';

export type LessonFileKind = 'pdf' | 'video';

const UploadAnswer = z.object({ status: z.literal('200'), fileName: z.string() });

/**
 * POST /upload/lesson-file with progress (0–100), answering the stored file name. The lesson
 * must exist first: the file is attached to its ref.
 */
export function uploadLessonFile(
  ref: string,
  kind: LessonFileKind,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/upload/lesson-file');
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
      const parsed = UploadAnswer.safeParse(body);
      if (request.status === 200 && parsed.success) {
        resolve(parsed.data.fileName);
        return;
      }
      // A proxy may cut a too-large body before the server can answer with its own JSON.
      const code = body?.code ?? (request.status === 413 ? 'E413' : 'E500');
      const message = body?.message ?? describeError(lessonFileErrors, code)?.es ?? '';
      reject(new ApiError(code, message, body?.field, request.status));
    };
    const form = new FormData();
    // ref and kind go before the file so the server checks the lesson before reading the bytes.
    form.append('ref', ref);
    form.append('kind', kind);
    form.append('file', file);
    request.send(form);
  });
}
