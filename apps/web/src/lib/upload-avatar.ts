import { AvatarUploadResult } from '@agendo/contract';
import { authHeaders, type ErrorBody, networkFailure, toApiError } from './api.ts';
import { withUserLang } from './route-prefix.ts';

// Apart from api.ts: its schema would bring zod into the shell that every page loads.
/** POST /upload/avatar with progress (0–100), answering the new image URL. */
export function uploadAvatar(file: File, onProgress?: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', withUserLang('/upload/avatar', window.location.pathname));
    for (const [key, value] of Object.entries(authHeaders())) request.setRequestHeader(key, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(networkFailure());
    request.onload = () => {
      let body: (ErrorBody & Record<string, unknown>) | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const parsed = AvatarUploadResult.safeParse(body);
      if (request.status === 200 && parsed.success) resolve(parsed.data.userImg);
      else reject(toApiError(request.status, body));
    };
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
