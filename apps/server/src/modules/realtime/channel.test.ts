import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { endSession, findSessionByToken } from '../auth/auth.service.ts';
import { createChannel } from './channel.ts';
import { hasPresence } from './presence.repository.ts';
import { publishToUser } from './realtime.service.ts';

/** A socket whose unsent queue the test sets (a real one fills only after megabytes on loopback). */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.readyState = 3;
  }
  ping() {}
}

const t = useTestApp();

// Deliveries go over Redis pub/sub when TEST_REDIS_URL is set; CI runs this suite with workers
// on both of its two cores, where a delivery has taken longer than vi.waitFor's 1 s default.
const delivered = { timeout: 10_000, interval: 20 };

/** A fresh user's socket accepted by the channel, once its subscriptions are made. */
async function joined(channel: ReturnType<typeof createChannel>) {
  const user = await makeUser(t);
  const session = await findSessionByToken(t.deps, user.token);
  if (!session) throw new Error('no session');
  const socket = new FakeSocket();
  channel.accept(socket as unknown as WebSocket, session);
  // With Redis (TEST_REDIS_URL) the user's topic is subscribed over the network, and a publish
  // made before SUBSCRIBE lands is lost (pub/sub keeps nothing): the presence row is written
  // once the subscription is made, so wait for it rather than a fixed pause (10 ms failed CI
  // twice on a loaded machine).
  await vi.waitFor(
    async () => expect(await hasPresence(t.deps.db, user.id, new Date(0).toISOString())).toBe(true),
    delivered,
  );
  return { user, session, socket };
}

describe('back-pressure (issue 17)', () => {
  it('closes a socket whose unsent queue passed the bound instead of queueing more', async () => {
    const deps = {
      ...t.deps,
      config: { ...t.deps.config, realtime: { ...t.deps.config.realtime, maxBufferedBytes: 1_000 } },
    };
    const channel = createChannel(deps, { replay: [], frames: {} });
    const { user, socket } = await joined(channel);
    await publishToUser(t.deps, user.id, { type: 'resync' });
    await vi.waitFor(() => expect(socket.sent).toEqual([JSON.stringify({ type: 'resync' })]), delivered);

    socket.bufferedAmount = 1_001;
    await publishToUser(t.deps, user.id, { type: 'resync' });
    await vi.waitFor(() => expect(socket.closedWith).toBe(4408), delivered);
    expect(socket.sent).toHaveLength(1);

    // Once closed, its subscription is released.
    socket.emit('close');
    await vi.waitFor(() => expect(channel.stats()).toEqual({ sockets: 0, users: 0 }), delivered);
    await channel.close();
  });
});

describe('sockets end with their session (issue 27)', () => {
  it('refuses a socket whose upgrade found its session alive just before its end went by', async () => {
    const channel = createChannel(t.deps, { replay: [], frames: {} });
    const { session, socket: first } = await joined(channel);
    await endSession(t.deps, session.sessionId);
    await vi.waitFor(() => expect(first.closedWith).toBe(4401), delivered);

    // The same upgrade's session, found alive a moment before: accepted after the announcement.
    const late = new FakeSocket();
    channel.accept(late as unknown as WebSocket, session);
    expect(late.closedWith).toBe(4401);
    first.emit('close');
    await channel.close();
  });
});
