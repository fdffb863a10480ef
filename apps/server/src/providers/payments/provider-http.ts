import type { Outbound } from '../../lib/outbound.ts';

/** A provider's API answered with an error status: the status and its parsed body, for callers to inspect. */
export class ProviderHttpError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${provider}: ${what} answered ${status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/**
 * One JSON call to a provider's REST API through the outbound client (the dLocal and PayPal
 * adapters speak their documented APIs directly, ADR 010; issue 28: public addresses only). A
 * timeout keeps a hanging provider from holding a request; any non-2xx answer throws
 * ProviderHttpError.
 */
export async function providerRequest<T>(
  http: Outbound,
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<T> {
  const response = await http.request(url, {
    method: init.method,
    headers: init.headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    timeoutMs,
  });
  const text = response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): kept as text for the error message.
  }
  if (!response.ok) {
    throw new ProviderHttpError(provider, response.status, body, `${init.method} ${new URL(url).pathname}`);
  }
  return body as T;
}

/** The API root without a trailing slash: the configured one (a test's local imitation) or the live one. */
export function apiRoot(configured: string | undefined, live: string): string {
  return (configured ?? live).replace(/\/+$/, '');
}
