import {
  type ActionName,
  AvatarUploadResult,
  actions,
  describeError,
  type InputOf,
  networkErrorMessage,
  type OutputOf,
} from '@agendo/contract';
import { notifications } from '@mantine/notifications';
import { prefixOfPath, withUserLang } from './route-prefix.ts';
import { clearSession, getToken } from './session.ts';

export const networkErrorCode = 'NETWORK';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | undefined,
    /** 0 when the request never reached the server. */
    readonly httpStatus: number,
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.httpStatus === 0;
  }
}

let onUnauthorized: (() => void) | undefined;

/** The app decides where a lost session goes (the login page); the client only reports it. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

function networkFailure(): ApiError {
  // spec 000 §8: every call shows the same red toast when the network fails.
  notifications.show({ id: 'network-error', color: 'red', title: undefined, message: networkErrorMessage });
  return new ApiError(networkErrorCode, networkErrorMessage, undefined, 0);
}

interface ErrorBody {
  status?: string;
  code?: string;
  message?: string;
  field?: string;
}

function toApiError(name: string, httpStatus: number, body: ErrorBody | null): ApiError {
  const code = body?.code ?? `E${httpStatus === 200 ? 500 : httpStatus}`;
  const catalogue = name in actions ? actions[name as ActionName].errors : undefined;
  const message =
    body?.message ?? describeError(catalogue, code)?.es ?? describeError(undefined, 'E500')?.es ?? '';
  if (httpStatus === 401) {
    clearSession();
    onUnauthorized?.();
  }
  return new ApiError(code, message, body?.field, httpStatus);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls one action of the contract: `call('login', {userMail, userPassword})`. */
export async function call<A extends ActionName>(name: A, input: InputOf<A>): Promise<OutputOf<A>> {
  const { country, lang } = prefixOfPath(window.location.pathname);
  let response: Response;
  try {
    response = await fetch('/index.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify({
        action: name,
        browserCountry: country,
        userLang: lang,
        urlcode: window.location.host,
        ...input,
      }),
    });
  } catch {
    throw networkFailure();
  }
  const body = (await readJson(response)) as (ErrorBody & Record<string, unknown>) | null;
  if (response.status !== 200 || body?.status !== '200') {
    throw toApiError(name, response.status, body);
  }
  if (import.meta.env.DEV) {
    const parsed = actions[name].output.safeParse(body);
    if (!parsed.success) console.warn(`Respuesta de ${name} fuera del contrato`, parsed.error.issues);
  }
  return body as OutputOf<A>;
}

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
      else reject(toApiError('upload-avatar', request.status, body));
    };
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
