import { lessonFileErrors } from '@agendo/contract';
import { z } from 'zod';
import { uploadFile } from '../../lib/upload-file.ts';

export type LessonFileKind = 'pdf' | 'video';

const UploadAnswer = z.object({ status: z.literal('200'), fileName: z.string() });

/**
 * POST /upload/lesson-file with progress (0–100), answering the stored file name. The lesson
 * must exist first: the file is attached to its ref.
 */
export async function uploadLessonFile(
  ref: string,
  kind: LessonFileKind,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const form = new FormData();
  // ref and kind go before the file so the server checks the lesson before reading the bytes.
  form.append('ref', ref);
  form.append('kind', kind);
  form.append('file', file);
  const answer = await uploadFile({
    url: '/upload/lesson-file',
    form,
    answer: UploadAnswer,
    errors: lessonFileErrors,
    onProgress,
  });
  return answer.fileName;
}
