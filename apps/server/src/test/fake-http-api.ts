import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export interface FakeApi {
  /** http://127.0.0.1:<port>, the apiBase an adapter is pointed at. */
  base: string;
  /** Every request received, in order (tests read what the adapter sent). */
  seen: FakeRequest[];
  close(): Promise<void>;
}

/**
 * A provider's HTTP API imitated on 127.0.0.1 for the adapters' tests: `handle` checks each
 * request the way the real API would and answers its documented shapes.
 */
export async function startFakeApi(
  handle: (request: FakeRequest, base: string) => FakeAnswer,
): Promise<FakeApi> {
  const seen: FakeRequest[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body };
      seen.push(request);
      let answer: FakeAnswer;
      try {
        answer = handle(request, base);
      } catch (error) {
        answer = { status: 500, body: { message: String(error) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One header's value as a string (Node gives arrays for repeated headers). */
export function headerOf(request: FakeRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
