import { realtimeCloseCodes } from '@agendo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.ts';

// Each test starts from a tab without a socket: the client is one per module.
async function freshClient() {
  vi.resetModules();
  const api = await import('./api.ts');
  const { realtime } = await import('./realtime.ts');
  const onUnauthorized = vi.fn();
  api.setUnauthorizedHandler(onUnauthorized);
  return { realtime, onUnauthorized };
}

/** Lets the fake socket open (it does on a microtask). */
const opened = () => vi.advanceTimersByTimeAsync(0);

describe('the real-time client when the server closes the socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.last = null;
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('after a network drop reconnects with the same token', async () => {
    const { realtime, onUnauthorized } = await freshClient();
    realtime.subscribe(() => {});
    await opened();
    const first = FakeSocket.last;
    first?.close(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.last).not.toBe(first);
    expect(FakeSocket.last?.protocols).toContain('bearer.tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the session ended (4401) stops retrying, forgets the token and sends the tab to sign in', async () => {
    const { realtime, onUnauthorized } = await freshClient();
    realtime.subscribe(() => {});
    await opened();
    const ended = FakeSocket.last;
    ended?.close(realtimeCloseCodes.sessionEnded);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.last).toBe(ended);
    expect(realtime.status).toBe('offline');
  });

  it('when the ended session was an older one, the token signed in since connects at once', async () => {
    const { realtime, onUnauthorized } = await freshClient();
    realtime.subscribe(() => {});
    await opened();
    localStorage.setItem('token', 'tok-2');
    FakeSocket.last?.close(realtimeCloseCodes.sessionEnded);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(FakeSocket.last?.protocols).toContain('bearer.tok-2');
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
