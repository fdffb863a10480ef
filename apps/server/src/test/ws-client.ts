import { type ClientFrame, realtimeProtocol, type ServerFrame } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** The address of a listening test app (listens on a free port the first time). */
export async function wsUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/ws`;
}

export interface TestSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  send(frame: ClientFrame | Record<string, unknown>): void;
  /** The first frame (already received or coming) that matches, or a rejection after `ms`. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/**
 * A browser's side of the channel: the token as the `bearer.` subprotocol. `autoPong: false`
 * plays a peer whose network died (it never answers the server's pings).
 */
export function connect(url: string, token: string | null, options: { autoPong?: boolean } = {}) {
  const protocols = [realtimeProtocol, ...(token ? [`bearer.${token}`] : [])];
  const socket = new WebSocket(url, protocols, { autoPong: options.autoPong ?? true });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<TestSocket>((resolve, reject) => {
    socket.once('open', () => resolve(api));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
  const api: TestSocket = {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    next(type, match, ms = 3_000) {
      return new Promise((resolve, reject) => {
        const find = () => {
          const found = frames.find(
            (f) => f.type === type && (!match || match(f as Extract<ServerFrame, { type: typeof type }>)),
          );
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found as Extract<ServerFrame, { type: typeof type }>);
          return true;
        };
        const wake = () => {
          find();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        if (!find()) waiters.add(wake);
      });
    },
    closed,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
  return opened;
}

/** Waits `ms` (to show that something does NOT arrive). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket that has resumed from nothing and been told `ready`, kept in `open` for closing. */
export async function joinFresh(url: string, token: string, open: TestSocket[]) {
  const socket = await connect(url, token);
  open.push(socket);
  socket.send({ type: 'resume', lastEventId: null });
  await socket.next('ready');
  return socket;
}
