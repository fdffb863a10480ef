import { randomUUID } from 'node:crypto';
import { ClientFrame, realtimeCloseCodes, type ServerFrame } from '@agendo/contract';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps.ts';
import { type EndedSessions, endedSessionsTopic } from '../../kernel/ended-sessions.ts';
import type { FoundSession } from '../../kernel/session.ts';
import { deletePresence, deleteStalePresence, insertPresence, touchPresence } from './presence.repository.ts';
import {
  errorFrame,
  hears,
  type RealtimeConnection,
  type RealtimeHandlers,
  type UserEvent,
  userTopic,
} from './realtime.service.ts';

interface Connection extends RealtimeConnection {
  socket: WebSocket;
  /** Answered the last ping (a socket that did not by the next beat is dead). */
  alive: boolean;
  /** Inbound frames are handled one after the other, in the order they came. */
  queue: Promise<void>;
}

export interface ChannelStats {
  sockets: number;
  users: number;
}

/**
 * The sockets this instance holds, by account, and their one bus subscription per account
 * (issue 17). Nothing here is needed by another instance: a socket's events reach it through
 * the bus, missed chat messages come back from the database on resume, and the frame rate
 * limit counts in the shared limiter.
 */
export function createChannel(deps: AppDeps, handlers: RealtimeHandlers) {
  const settings = deps.config.realtime;
  const byUser = new Map<number, Set<Connection>>();
  const subscriptions = new Map<number, Promise<() => Promise<void>>>();

  function drop(connection: Connection, code: number, reason: string) {
    const { socket } = connection;
    if (socket.readyState === socket.CLOSED) return;
    socket.close(code, reason);
    // A peer that stopped reading may never take the close frame either.
    setTimeout(() => socket.terminate(), 2_000).unref();
  }

  /** Sends unless the peer is too far behind: then it is closed and catches up on resume. */
  function send(connection: Connection, frame: ServerFrame) {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > settings.maxBufferedBytes) {
      deps.log.warn(
        { userId: connection.user.id, buffered: socket.bufferedAmount },
        'realtime: slow consumer',
      );
      drop(connection, realtimeCloseCodes.slowConsumer, 'slow consumer');
      return;
    }
    socket.send(JSON.stringify(frame));
  }

  function onUserEvent(userId: number, payload: unknown) {
    const event = payload as UserEvent;
    for (const connection of byUser.get(userId) ?? []) {
      if (event.connection !== undefined && event.connection !== connection.id) continue;
      if (hears(connection.user.permissions, event.audience)) send(connection, event.frame);
    }
  }

  /**
   * Sessions ended in the last minute: a socket whose upgrade found its session still alive may be
   * accepted just after the announcement went by; it is refused here instead of outliving it.
   */
  const recentlyEnded = new Map<number, number>();
  const endedMemoryMs = 60_000;

  /** Sockets live as long as their session: one that ended, on any instance, closes them here. */
  function onEndedSessions(payload: unknown) {
    const ended = new Set((payload as EndedSessions).sessionIds);
    const now = Date.now();
    for (const [id, at] of recentlyEnded) if (now - at > endedMemoryMs) recentlyEnded.delete(id);
    for (const id of ended) recentlyEnded.set(id, now);
    for (const sockets of byUser.values()) {
      for (const connection of sockets) {
        if (ended.has(connection.sessionId))
          drop(connection, realtimeCloseCodes.sessionEnded, 'session ended');
      }
    }
  }
  const endedSessions = deps.bus.subscribe(endedSessionsTopic, onEndedSessions);
  endedSessions.catch((error: unknown) => {
    deps.log.error({ err: error }, 'realtime: ended-sessions subscription failed');
  });

  async function join(connection: Connection) {
    const userId = connection.user.id;
    let sockets = byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      byUser.set(userId, sockets);
      subscriptions.set(
        userId,
        deps.bus.subscribe(userTopic(userId), (payload) => onUserEvent(userId, payload)),
      );
    }
    sockets.add(connection);
    await Promise.all([subscriptions.get(userId), endedSessions]);
    await insertPresence(deps.db, {
      connection: connection.id,
      userId,
      at: deps.now().toISOString(),
    });
  }

  async function leave(connection: Connection) {
    await deletePresence(deps.db, connection.id).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'realtime: presence not cleared');
    });
    const userId = connection.user.id;
    const sockets = byUser.get(userId);
    if (!sockets?.delete(connection) || sockets.size > 0) return;
    byUser.delete(userId);
    const subscription = subscriptions.get(userId);
    subscriptions.delete(userId);
    const unsubscribe = await subscription?.catch(() => null);
    await unsubscribe?.();
  }

  async function resume(connection: Connection, lastEventId: string | null) {
    let replayed = 0;
    if (lastEventId !== null) {
      for (const replay of handlers.replay) {
        const { frames, overflow } = await replay(deps, connection.user, lastEventId);
        if (overflow) {
          send(connection, { type: 'resync' });
          continue;
        }
        for (const frame of frames) send(connection, frame);
        replayed += frames.length;
      }
    }
    send(connection, { type: 'ready', replayed });
  }

  async function onFrame(connection: Connection, data: Buffer, isBinary: boolean) {
    const { limit, windowMs } = settings.frames;
    const verdict = await deps.limiter.hit(`ws-frames:${connection.user.actorId}`, limit, windowMs);
    if (!verdict.allowed) {
      // A client that keeps sending after being told is closed; it may come back after the window.
      if (verdict.count > limit * 2) drop(connection, realtimeCloseCodes.rateLimited, 'rate limited');
      else send(connection, errorFrame('E429'));
      return;
    }
    let parsed: ReturnType<typeof ClientFrame.safeParse> | null = null;
    if (!isBinary) {
      try {
        parsed = ClientFrame.safeParse(JSON.parse(data.toString('utf8')));
      } catch {
        parsed = null;
      }
    }
    if (!parsed?.success) {
      send(connection, errorFrame('E400'));
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ping') return send(connection, { type: 'pong' });
    if (frame.type === 'resume') return resume(connection, frame.lastEventId);
    const handler = handlers.frames[frame.type] as
      | ((deps: AppDeps, c: RealtimeConnection, f: typeof frame) => Promise<void>)
      | undefined;
    if (!handler) return send(connection, errorFrame('E400'));
    await handler(deps, connection, frame);
  }

  /** Takes over an upgraded socket of an authenticated session. */
  function accept(socket: WebSocket, session: FoundSession) {
    if (recentlyEnded.has(session.sessionId)) {
      socket.close(realtimeCloseCodes.sessionEnded, 'session ended');
      return;
    }
    const connection: Connection = {
      id: randomUUID(),
      socket,
      user: session.user,
      sessionId: session.sessionId,
      alive: true,
      queue: Promise.resolve(),
      send: (frame) => send(connection, frame),
    };
    // Frames that arrive while the subscription is being made wait for it.
    connection.queue = join(connection).catch((error: unknown) => {
      deps.log.error({ err: error }, 'realtime: subscription failed');
      drop(connection, 1011, 'unavailable');
    });
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      connection.queue = connection.queue
        .then(() => onFrame(connection, data, isBinary))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'realtime: frame failed');
          send(connection, errorFrame('E500'));
        });
    });
    socket.on('close', () => {
      void leave(connection);
      // After the frames already queued, so a join being handled is undone rather than left behind.
      connection.queue = connection.queue.then(async () => {
        for (const closed of handlers.closed ?? []) {
          await closed(deps, connection).catch((error: unknown) => {
            deps.log.error({ err: error }, 'realtime: close handler failed');
          });
        }
      });
    });
    socket.on('error', (error) => {
      deps.log.debug({ err: error }, 'realtime: socket error');
    });
  }

  // Heartbeats: a socket that did not answer the previous ping is gone (a phone that lost its
  // network never sends a close); dropping it frees its subscription.
  const heartbeat = setInterval(() => {
    const alive: Connection[] = [];
    for (const sockets of byUser.values()) {
      for (const connection of sockets) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        alive.push(connection);
        connection.alive = false;
        connection.socket.ping();
      }
    }
    const now = deps.now();
    // A dead instance's rows stop counting after two beats (isOnline) and go after ten.
    Promise.all([
      touchPresence(
        deps.db,
        alive.map((c) => c.id),
        now.toISOString(),
      ),
      deleteStalePresence(deps.db, new Date(now.getTime() - 10 * settings.heartbeatMs).toISOString()),
    ]).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'realtime: presence not refreshed');
    });
    for (const beat of handlers.beat ?? []) {
      beat(deps, alive).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'realtime: heartbeat handler failed');
      });
    }
  }, settings.heartbeatMs);
  heartbeat.unref();

  return {
    accept,
    stats(): ChannelStats {
      let sockets = 0;
      for (const set of byUser.values()) sockets += set.size;
      return { sockets, users: byUser.size };
    },
    async close() {
      clearInterval(heartbeat);
      const unsubscribe = await endedSessions.catch(() => null);
      await unsubscribe?.();
      for (const sockets of byUser.values()) {
        for (const connection of sockets) drop(connection, realtimeCloseCodes.goingAway, 'server closing');
      }
    },
  };
}

export type Channel = ReturnType<typeof createChannel>;
