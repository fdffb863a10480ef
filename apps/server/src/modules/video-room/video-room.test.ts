import { createHmac } from 'node:crypto';
import type { ServerFrame } from '@agendo/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  insideTheAppointment,
  insideTheGroup,
  roomCast,
  roomStartsAt,
} from '../../test/video-room-fixtures.ts';
import { connect, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';

// issue 17: the own video room's signalling over the real-time channel.
let url: string;
let cast: Awaited<ReturnType<typeof roomCast>>;
const open: TestSocket[] = [];
const socketOf = async (token: string) => {
  const socket = await connect(url, token);
  open.push(socket);
  return socket;
};
/** A socket in the room of `ref`: answers the socket and its `room.joined` frame. */
const enter = async (token: string, ref: string) => {
  const socket = await socketOf(token);
  socket.send({ type: 'room.join', ref });
  const joined = await socket.next('room.joined');
  return { socket, joined };
};
const roomFrames = (s: TestSocket) => s.frames.filter((f: ServerFrame) => f.type.startsWith('room.'));

const turnSecret = 'coturn-static-auth-secret-for-tests';

const t = useTestApp({
  realtime: { ...defaultConfig().realtime, frames: { limit: 1_000, windowMs: 10_000 } },
  video: {
    iceServers: [{ urls: ['stun:stun.agendo.test:3478'] }],
    turn: { urls: ['turn:turn.agendo.test:3478'], secret: turnSecret },
  },
});
beforeAll(async () => {
  url = await wsUrlOf(t.app);
  cast = await roomCast(t);
});
beforeEach(() => {
  t.clock.now = insideTheAppointment;
});
/**
 * A closed socket leaves its room on the server a moment after the browser's close (its close
 * handler runs after the frames it had queued). Each test starts once every seat is free again,
 * so one test's peers are never the next one's; a seat that stays taken fails here.
 */
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  let peers = 0;
  for (let i = 0; i < 100; i++) {
    peers = (await t.deps.db.selectFrom('video_room_peers').select('peer').execute()).length;
    if (peers === 0) break;
    await pause(30);
  }
  expect(peers, 'seats still taken after every socket closed').toBe(0);
});

describe('find-group-room-data', () => {
  // Issue 28: no lasting TURN password reaches a browser. Each party gets its own credential in
  // coturn's REST convention, and it lapses when the appointment ends.
  it('hands each party a TURN credential of its own that expires with the appointment', async () => {
    const client = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.client.token);
    const pro = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.pro.token);
    const turnOf = (room: { iceServers: { urls: string[]; username?: string; credential?: string }[] }) =>
      room.iceServers.find((server) => server.urls.some((u) => u.startsWith('turn:')));
    const mine = turnOf(client.body.room);
    const theirs = turnOf(pro.body.room);
    const expiry = Date.parse(client.body.room.endsAt) / 1000;
    expect(mine?.username).toMatch(new RegExp(`^${expiry}:`));
    // What coturn computes from its static-auth-secret to accept the name.
    expect(mine?.credential).toBe(
      createHmac('sha1', turnSecret)
        .update(mine?.username ?? '')
        .digest('base64'),
    );
    expect(theirs?.username).toMatch(new RegExp(`^${expiry}:`));
    expect(theirs?.username).not.toBe(mine?.username);
    expect(JSON.stringify(client.body.room)).not.toContain(turnSecret);
  });

  it('tells the parties when the room opens, and nobody else anything', async () => {
    t.clock.now = new Date(Date.parse(roomStartsAt) - 30 * 60_000);
    const before = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.client.token);
    expect(before.statusCode).toBe(200);
    expect(before.body.room).toMatchObject({
      ref: cast.bookingRef,
      role: 'client',
      state: 'waiting',
      // Issue 34: ten minutes early, as the panel's 'Ingresar a la sala' (roomOpensMinutesBefore).
      opensAt: new Date(Date.parse(roomStartsAt) - 10 * 60_000).toISOString(),
      sellerName: 'Laura Prueba',
      capacity: 6,
      group: false,
      chatRef: cast.bookingRef,
    });
    expect(before.body.room.iceServers[0]).toEqual({ urls: ['stun:stun.agendo.test:3478'] });

    t.clock.now = new Date(Date.parse(roomStartsAt) - 5 * 60_000);
    const early = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.client.token);
    expect(early.body.room.state, 'five minutes early the room is open').toBe('open');

    t.clock.now = insideTheAppointment;
    const during = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.pro.token);
    expect(during.body.room).toMatchObject({ role: 'professional', state: 'open' });
    const team = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.memberToken);
    expect(team.body.room.role).toBe('professional');

    t.clock.now = new Date(Date.parse(roomStartsAt) + 3 * 3_600_000);
    const after = await t.call('find-group-room-data', { ref: cast.bookingRef }, cast.client.token);
    expect(after.body.room.state).toBe('ended');

    t.clock.now = insideTheAppointment;
    for (const token of [
      cast.stranger.token,
      cast.otherPro.token,
      cast.otherClient.token,
      cast.seatA.token,
    ]) {
      const refused = await t.call('find-group-room-data', { ref: cast.bookingRef }, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.body.message).toBe('No encontramos la sala.');
    }
    expect((await t.call('find-group-room-data', { ref: cast.bookingRef }, null)).statusCode).toBe(401);
  });

  it('leads every seat of a group to one room, and shows the professional its members', async () => {
    t.clock.now = insideTheGroup;
    const a = await t.call('find-group-room-data', { ref: cast.seatARef }, cast.seatA.token);
    const b = await t.call('find-group-room-data', { ref: cast.seatBRef }, cast.seatB.token);
    const pro = await t.call('find-group-room-data', { ref: cast.seatARef }, cast.pro.token);
    expect(a.body.room.room).toBe(b.body.room.room);
    expect(pro.body.room.room).toBe(a.body.room.room);
    // The group's capacity (8) plus its professional.
    // The in-room chat opens the group's one conversation from the seat.
    expect(a.body.room).toMatchObject({ group: true, capacity: 9, members: [], chatRef: cast.seatARef });
    expect(pro.body.room.members.map((m: { name: string }) => m.name).sort()).toEqual([
      expect.stringContaining('Ana'),
      expect.stringContaining('Beto'),
    ]);
    // A seat's client cannot use the other seat's ref.
    expect((await t.call('find-group-room-data', { ref: cast.seatBRef }, cast.seatA.token)).statusCode).toBe(
      404,
    );
  });
});

describe('joining', () => {
  it('lets both parties in, tells each about the other, and relays a signal to the named peer only', async () => {
    const pro = await enter(cast.pro.token, cast.bookingRef);
    expect(pro.joined.peers).toEqual([]);
    expect(pro.joined.capacity).toBe(6);
    const client = await enter(cast.client.token, cast.bookingRef);
    expect(client.joined.room).toBe(pro.joined.room);
    expect(client.joined.peers).toEqual([
      { peer: pro.joined.self, name: 'Laura Prueba', role: 'professional' },
    ]);
    const heard = await pro.socket.next('room.peer-joined');
    expect(heard.peer).toEqual({ peer: client.joined.self, name: 'Martín Prueba', role: 'client' });

    // A second tab of the professional is another peer; it must not hear signals meant for the first.
    const proTab = await enter(cast.pro.token, cast.bookingRef);
    client.socket.send({
      type: 'room.signal',
      to: pro.joined.self,
      signal: { kind: 'offer', sdp: 'v=0 offer' },
    });
    const offer = await pro.socket.next('room.signal');
    expect(offer).toEqual({
      type: 'room.signal',
      room: pro.joined.room,
      from: client.joined.self,
      signal: { kind: 'offer', sdp: 'v=0 offer' },
    });
    pro.socket.send({
      type: 'room.signal',
      to: client.joined.self,
      signal: {
        kind: 'candidates',
        candidates: [
          { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
        ],
      },
    });
    expect((await client.socket.next('room.signal')).signal.kind).toBe('candidates');
    await pause(150);
    expect(proTab.socket.frames.filter((f) => f.type === 'room.signal')).toEqual([]);

    await Promise.all([pro, client, proTab].map((p) => p.socket.close()));
  });

  it('refuses outsiders with 404, before the room opens with E30, and never tells the room', async () => {
    const pro = await enter(cast.pro.token, cast.bookingRef);
    for (const token of [
      cast.stranger.token,
      cast.otherPro.token,
      cast.otherClient.token,
      cast.seatA.token,
    ]) {
      const intruder = await socketOf(token);
      intruder.send({ type: 'room.join', ref: cast.bookingRef });
      expect(await intruder.next('error')).toEqual({
        type: 'error',
        code: 'E404',
        message: 'No encontramos la sala.',
        ref: cast.bookingRef,
      });
      // Outside the room, a signal to a peer of it is refused too.
      intruder.send({ type: 'room.signal', to: pro.joined.self, signal: { kind: 'offer', sdp: 'x' } });
      expect((await intruder.next('error', (f) => f.code === 'E32')).message).toBe(
        'Ya no estás en la sala. Vuelve a ingresar.',
      );
    }
    // A party of another appointment, in their own room, cannot signal into this one.
    const other = await enter(cast.otherClient.token, cast.otherBookingRef);
    other.socket.send({ type: 'room.signal', to: pro.joined.self, signal: { kind: 'offer', sdp: 'x' } });
    expect((await other.socket.next('error')).code).toBe('E404');

    // The room opens ten minutes ahead (issue 34); fifteen is still too early.
    t.clock.now = new Date(Date.parse(roomStartsAt) - 15 * 60_000);
    const early = await socketOf(cast.client.token);
    early.send({ type: 'room.join', ref: cast.bookingRef });
    expect(await early.next('error')).toMatchObject({
      code: 'E30',
      message: 'La sala todavía no está abierta.',
    });

    await pause(150);
    expect(pro.socket.frames.filter((f) => f.type !== 'room.joined')).toEqual([]);
    await Promise.all([pro.socket.close(), other.socket.close()]);
  });

  it('holds at most its capacity (6 for an appointment), counting every tab', async () => {
    const inside = [];
    for (const token of [cast.pro.token, cast.client.token, cast.memberToken]) {
      inside.push(await enter(token, cast.bookingRef), await enter(token, cast.bookingRef));
    }
    expect(inside.at(-1)?.joined.peers).toHaveLength(5);
    const seventh = await socketOf(cast.client.token);
    seventh.send({ type: 'room.join', ref: cast.bookingRef });
    expect(await seventh.next('error')).toMatchObject({ code: 'E31', message: 'La sala está completa.' });
    await pause(100);
    expect(inside[0]?.socket.frames.filter((f) => f.type === 'room.peer-joined')).toHaveLength(5);

    // One leaves: the next may come in.
    inside[5]?.socket.send({ type: 'room.leave' });
    await inside[0]?.socket.next('room.peer-left');
    seventh.send({ type: 'room.join', ref: cast.bookingRef });
    expect((await seventh.next('room.joined')).peers).toHaveLength(5);
    await Promise.all([...inside.map((p) => p.socket.close()), seventh.close()]);
  });

  it('takes a socket that drops out of the room and tells the others', async () => {
    t.clock.now = insideTheGroup;
    const a = await enter(cast.seatA.token, cast.seatARef);
    const b = await enter(cast.seatB.token, cast.seatBRef);
    expect(b.joined.peers.map((p) => p.peer)).toEqual([a.joined.self]);
    const pro = await enter(cast.pro.token, cast.seatARef);
    expect(pro.joined.peers).toHaveLength(2);

    b.socket.socket.terminate();
    const leftForA = await a.socket.next('room.peer-left');
    expect(leftForA).toEqual({ type: 'room.peer-left', room: a.joined.room, peer: b.joined.self });
    await pro.socket.next('room.peer-left', (f) => f.peer === b.joined.self);
    // Gone: a signal to it is refused.
    a.socket.send({ type: 'room.signal', to: b.joined.self, signal: { kind: 'answer', sdp: 'x' } });
    expect((await a.socket.next('error')).code).toBe('E404');

    // Coming back (a reconnect) is a new peer the others hear about.
    const again = await enter(cast.seatB.token, cast.seatBRef);
    expect(again.joined.peers.map((p) => p.peer).sort()).toEqual([a.joined.self, pro.joined.self].sort());
    await a.socket.next('room.peer-joined', (f) => f.peer.peer === again.joined.self);
    expect(roomFrames(a.socket).every((f) => !('room' in f) || f.room === a.joined.room)).toBe(true);
    await Promise.all([a, pro, again].map((p) => p.socket.close()));
  });

  it('forgets the peers of an instance that died (no heartbeat refreshed them)', async () => {
    const pro = await enter(cast.pro.token, cast.bookingRef);
    const stale = new Date(insideTheAppointment.getTime() - 10 * 60_000).toISOString();
    await t.deps.db
      .insertInto('video_room_peers')
      .values({
        peer: 'ghost-peer',
        room: pro.joined.room,
        user_id: cast.client.id,
        role: 'client',
        name: 'Fantasma',
        joined_at: stale,
        seen_at: stale,
      })
      .execute();
    const client = await enter(cast.client.token, cast.bookingRef);
    expect(client.joined.peers.map((p) => p.peer)).toEqual([pro.joined.self]);
    await pro.socket.next('room.peer-left', (f) => f.peer === 'ghost-peer');
    await Promise.all([pro.socket.close(), client.socket.close()]);
  });
});
