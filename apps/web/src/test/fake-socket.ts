import type { ServerFrame } from '@agendo/contract';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The browser's WebSocket, played by the test (stub it with `vi.stubGlobal('WebSocket',
 * FakeSocket)`): it opens at once, records what the page sends and lets the test deliver frames.
 */
export class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: Array<{ type: string } & Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** The page closing it, or (with a code) the server or the network closing it. */
  close(code = 1005) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: ServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

/**
 * The arrangement of a test file on the live channel: each test signed in, with a FakeSocket for
 * WebSocket, and `call`'s answers gone after it.
 */
export function signedInWithFakeSocket(callMock: { mockReset(): unknown }) {
  beforeEach(() => {
    localStorage.setItem('token', 'tok-aaaaaaaaaaaaaaaaaaaaaaaa');
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    callMock.mockReset();
    vi.unstubAllGlobals();
  });
}
