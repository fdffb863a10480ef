import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { useTwinTestApps } from '../../test/test-app.ts';
import { insideTheAppointment, roomCast } from '../../test/video-room-fixtures.ts';
import { connect, pause, type TestSocket } from '../../test/ws-client.ts';

// issue 17: the room's peers are on two instances sharing the database and Redis; the member
// list, the capacity and the relay see them all. Only with the Redis bus (PostgreSQL + Redis
// variant of the suite).
const redis = process.env.TEST_REDIS_URL;

describe.runIf(redis)('a video room across two instances', () => {
  const twins = useTwinTestApps({
    realtime: { ...defaultConfig().realtime, frames: { limit: 1_000, windowMs: 10_000 } },
  });
  const { a } = twins;
  let cast: Awaited<ReturnType<typeof roomCast>>;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    cast = await roomCast(a);
    a.clock.now = insideTheAppointment;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  const enter = async (url: string, token: string) => {
    const socket = await connect(url, token);
    open.push(socket);
    socket.send({ type: 'room.join', ref: cast.bookingRef });
    return { socket, joined: await socket.next('room.joined') };
  };

  it('signals cross instances to the named peer only; leaving on one is heard on the other', async () => {
    const pro = await enter(twins.urlA, cast.pro.token);
    const client = await enter(twins.urlB, cast.client.token);
    expect(client.joined.peers.map((p) => p.peer)).toEqual([pro.joined.self]);
    await pro.socket.next('room.peer-joined', (f) => f.peer.peer === client.joined.self);
    // The professional's second tab, on instance B, must not hear what is meant for the first.
    const proTabOnB = await enter(twins.urlB, cast.pro.token);

    client.socket.send({ type: 'room.signal', to: pro.joined.self, signal: { kind: 'offer', sdp: 'o' } });
    expect((await pro.socket.next('room.signal')).from).toBe(client.joined.self);
    pro.socket.send({ type: 'room.signal', to: client.joined.self, signal: { kind: 'answer', sdp: 'a' } });
    expect((await client.socket.next('room.signal')).signal).toEqual({ kind: 'answer', sdp: 'a' });
    await pause(150);
    expect(proTabOnB.socket.frames.filter((f) => f.type === 'room.signal')).toEqual([]);

    // The capacity counts the peers of both instances: 3 in, 3 more fit, the 7th does not.
    for (const url of [twins.urlA, twins.urlB, twins.urlA]) await enter(url, cast.memberToken);
    const seventh = await connect(twins.urlB, cast.client.token);
    open.push(seventh);
    seventh.send({ type: 'room.join', ref: cast.bookingRef });
    expect((await seventh.next('error')).code).toBe('E31');

    client.socket.socket.terminate();
    await pro.socket.next('room.peer-left', (f) => f.peer === client.joined.self);
  });
});
