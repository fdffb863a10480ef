import { type RecordFile, RecordFileUploadResult, recordFileLimits, uploadMessages } from '@agendo/contract';
import { getToken } from '../../../lib/session.ts';

/**
 * Record files are private (spec 001 §5, Ley 26.529): the server serves them only with the
 * Bearer header, which <img src> and links cannot send. The app fetches the bytes and shows a
 * blob: URL instead, so no file is ever reachable by a bare link.
 */
export async function fetchRecordBlob(link: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(link, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`record file ${response.status}`);
  return response.blob();
}

/**
 * Opens a file in a new tab, or downloads it (Word files, which no browser shows). PDFs and
 * images go through the shell's readers instead (spec 000 §2.3), which open a tab only on phones.
 * The tab is opened inside the click so pop-up blockers allow it, and gets the blob once it has
 * arrived.
 */
export async function openInNewTab(link: string, fileName: string, download = false): Promise<void> {
  const tab = download ? null : window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchRecordBlob(link));
    if (tab) {
      tab.location.href = url;
    } else {
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export type UploadArea = 'study' | 'treatment' | 'consent' | 'vaccine';

/** spec 001 §7 File upload paths (treatments share the consents one), under /upload/ as served. */
export const uploadPath: Record<UploadArea, string> = {
  study: '/upload/upload-studies-files',
  treatment: '/upload/upload-consent-files.php',
  consent: '/upload/upload-consent-files.php',
  vaccine: '/upload/upload-vaccines-files.php',
};

const acceptedExtensions = /\.(jpe?g|pdf|docx?)$/i;
const acceptedTypes = new Set([
  ...Object.keys(recordFileLimits.accept),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** spec 001 §5 client side: at most 7 files, 7,000,000 bytes each, jpeg/jpg/pdf/msword. */
export function checkSelection(files: readonly File[]): 'tooMany' | 'tooLarge' | 'type' | null {
  if (files.length > recordFileLimits.maxFiles) return 'tooMany';
  if (files.some((f) => f.size > recordFileLimits.maxBytes)) return 'tooLarge';
  if (files.some((f) => !acceptedTypes.has(f.type) && !acceptedExtensions.test(f.name))) return 'type';
  return null;
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** POST multipart images[] with progress (0–100); answers the stored files. */
export function uploadRecordFiles(
  area: UploadArea,
  consId: string,
  files: readonly File[],
  onProgress?: (percent: number) => void,
): Promise<RecordFile[]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadPath[area]);
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new UploadError('Revise su conexión de internet.'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const parsed = RecordFileUploadResult.safeParse(body);
      if (request.status === 200 && parsed.success) {
        resolve(parsed.data);
        return;
      }
      const error = body as { message?: unknown; code?: unknown } | null;
      const message =
        typeof error?.message === 'string'
          ? error.message
          : uploadMessages.failed(typeof error?.code === 'string' ? error.code : `E${request.status}`);
      reject(new UploadError(message));
    };
    const form = new FormData();
    form.append('consId', consId);
    for (const file of files) form.append('images[]', file, file.name);
    request.send(form);
  });
}
