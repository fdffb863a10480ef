import {
  type ActionDef,
  type ActionName,
  describeError,
  type InputOf,
  networkErrorMessage,
  type OutputOf,
} from '@agendo/contract';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { prefixOfPath } from './route-prefix.ts';
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

/**
 * The server said this tab's session is over (a 401 to a call, or the socket closed with
 * `sessionEnded`): forget it here and let the app take the person to the login page.
 */
export function sessionEnded(): void {
  clearSession();
  onUnauthorized?.();
}

export function networkFailure(): ApiError {
  // spec 000 §8: every call shows the same red toast when the network fails.
  notifications.show({ id: 'network-error', color: 'red', title: undefined, message: networkErrorMessage });
  return new ApiError(networkErrorCode, networkErrorMessage, undefined, 0);
}

export interface ErrorBody {
  status?: string;
  code?: string;
  message?: string;
  field?: string;
}

/**
 * The server's answer names its code and carries the spec's message; an answer without one (a
 * proxy's 502, a 429 page) takes the common catalogue's text. Looking the code up in the
 * action's own catalogue would need the registry of every action, which public pages must not
 * download (issue 13).
 */
export function toApiError(httpStatus: number, body: ErrorBody | null, ownSession = true): ApiError {
  const code = body?.code ?? `E${httpStatus === 200 ? 500 : httpStatus}`;
  const message =
    body?.message ?? describeError(undefined, code)?.es ?? describeError(undefined, 'E500')?.es ?? '';
  // A 401 to a call made with another token (logout's, after the local sign-out) says nothing
  // about the session this tab holds now.
  if (httpStatus === 401 && ownSession) sessionEnded();
  return new ApiError(code, message, body?.field, httpStatus);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface CallOptions {
  /** Sends this session token instead of the stored one (logout, after the local sign-out). */
  token?: string;
}

/** Calls one action of the contract: `call('login', {userMail, userPassword})`. */
export async function call<A extends ActionName>(
  name: A,
  input: InputOf<A>,
  options: CallOptions = {},
): Promise<OutputOf<A>> {
  return (await post(
    name,
    input,
    options,
    async () => (await import('@agendo/contract')).actions[name],
  )) as OutputOf<A>;
}

/**
 * Calls the action a definition describes, typed from it: a form built from a description (the
 * clinical areas) holds the definition, not a literal name.
 */
export async function callAction<D extends ActionDef>(
  def: D,
  input: z.input<D['input']>,
  options: CallOptions = {},
): Promise<z.output<D['output']>> {
  return (await post(def.name, input, options, async () => def)) as z.output<D['output']>;
}

async function post(
  name: string,
  input: unknown,
  options: CallOptions,
  definition: () => Promise<Pick<ActionDef, 'output'>>,
): Promise<unknown> {
  const { country, lang } = prefixOfPath(window.location.pathname);
  const auth = options.token === undefined ? authHeaders() : { Authorization: `Bearer ${options.token}` };
  let response: Response;
  try {
    response = await fetch('/index.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify(
        Object.assign(
          { action: name, browserCountry: country, userLang: lang, urlcode: window.location.host },
          input,
        ),
      ),
    });
  } catch {
    throw networkFailure();
  }
  const body = (await readJson(response)) as (ErrorBody & Record<string, unknown>) | null;
  if (response.status !== 200 || body?.status !== '200') {
    throw toApiError(response.status, body, options.token === undefined);
  }
  if (import.meta.env.DEV) {
    // Development only: the registry of every action must stay out of production pages.
    const parsed = (await definition()).output.safeParse(body);
    if (!parsed.success) console.warn(`Respuesta de ${name} fuera del contrato`, parsed.error.issues);
  }
  return body;
}
