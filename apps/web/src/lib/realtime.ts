import {
  bearerProtocolPrefix,
  type ClientFrame,
  realtimeCloseCodes,
  realtimePath,
  realtimeProtocol,
  ServerFrame,
} from '@agendo/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { sessionEnded } from './api.ts';
import { getToken } from './session.ts';

export type RealtimeStatus = 'connecting' | 'open' | 'offline';
type Listener = (frame: ServerFrame) => void;

/** Seconds between our pings, and how long an answer may take before the socket counts as dead. */
const pingEveryMs = 25_000;
const pongWithinMs = 10_000;
/** A tab that stops listening keeps the socket a little, for the next page that needs it. */
const lingerMs = 30_000;

/**
 * The browser's side of the real-time channel (issue 17): one socket per tab, shared by every
 * screen that listens (the chat now; notifications and the video room next). It reconnects with
 * growing pauses, and on every connection sends the id of the last event it saw, so the server
 * replays the chat messages stored meanwhile: nothing is lost across a network drop.
 */
class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  private lastEventId: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  status: RealtimeStatus = 'offline';

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.lingerTimer = setTimeout(() => this.disconnect(), lingerMs);
    };
  }

  watchStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends when connected; answers false otherwise (typing is worth nothing later). */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Reconnects now (the network came back, the tab became visible). */
  wake = () => {
    if (this.listeners.size > 0 && this.socket === null) {
      clearTimeout(this.retryTimer);
      this.attempt = 0;
      this.connect();
    }
  };

  private connect() {
    if (this.socket !== null || typeof WebSocket === 'undefined') return;
    const token = getToken();
    if (!token) {
      this.setStatus('offline');
      return;
    }
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    // The token goes as a subprotocol: never in the URL, where logs and proxies would keep it.
    const socket = new WebSocket(`${scheme}://${window.location.host}${realtimePath}`, [
      realtimeProtocol,
      `${bearerProtocolPrefix}${token}`,
    ]);
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      socket.send(JSON.stringify({ type: 'resume', lastEventId: this.lastEventId } satisfies ClientFrame));
      this.pingTimer = setInterval(() => this.ping(), pingEveryMs);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event.code, token);
  }

  private ping() {
    if (!this.send({ type: 'ping' })) return;
    clearTimeout(this.pongTimer);
    // No answer: the network is gone without a close (a phone changing networks). Start over.
    this.pongTimer = setTimeout(() => this.socket?.close(), pongWithinMs);
  }

  private receive(data: unknown) {
    clearTimeout(this.pongTimer);
    let parsed: ReturnType<typeof ServerFrame.safeParse>;
    try {
      parsed = ServerFrame.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'chat.message') this.lastEventId = frame.id;
    for (const listener of this.listeners) listener(frame);
  }

  private closed(socket: WebSocket, code: number, token: string) {
    if (this.socket !== socket) return;
    this.socket = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.setStatus('offline');
    if (code === realtimeCloseCodes.sessionEnded) {
      // Retrying with the same token would be refused forever. If this tab still holds it, the
      // session is over here too; if it signed in again meanwhile, the new token connects on the first retry.
      if (getToken() === token) {
        sessionEnded();
        return;
      }
      this.attempt = 0;
    }
    if (this.listeners.size === 0 || !getToken()) return;
    // 1 s, 2 s, 4 s … up to 30 s, with jitter so a restarted server is not hit by every tab at once.
    const pause = Math.min(30_000, 1_000 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), pause);
  }

  private disconnect() {
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    socket?.close();
    this.setStatus('offline');
  }
}

export const realtime = new RealtimeClient();

if (typeof window !== 'undefined') {
  window.addEventListener('online', realtime.wake);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') realtime.wake();
  });
}

/** Listens to the channel while the component is mounted (the latest `listener` is called). */
export function useRealtime(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => realtime.subscribe((frame) => latest.current(frame)), []);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.watchStatus(listener),
    () => realtime.status,
    () => 'offline' as const,
  );
}
