import type { ServerFrame } from '@agendo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookOnline, groupStartsAt, roomCast } from '../../test/video-room-fixtures.ts';
import { connect, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

// issue 17: one conversation per group appointment. Its members are the professional (and their
// team with contactsChat) and every client still booked in the turn; anyone else, and a client
// who cancelled, gets the same 404 as an unknown ref and nothing over the channel.
let url: string;
let cast: Awaited<ReturnType<typeof roomCast>>;
let teamWith: string;
let seatC: Awaited<ReturnType<typeof makeUser>>;
let seatCRef: string;
let groupRef: string;
const open: TestSocket[] = [];
const notFound = { status: '404', code: 'E404', message: 'No encontramos la conversación.' };
const join = async (token: string) => {
  const socket = await connect(url, token);
  open.push(socket);
  return socket;
};
const chatFrames = (s: TestSocket) => s.frames.filter((f: ServerFrame) => f.type.startsWith('chat.'));
const openGroup = (ref: string, token: string) => t.call('open-chat', { ref, group: true }, token);
const say = async (token: string, text: string) => {
  const res = await t.call('send-chat-message', { ref: groupRef, text }, token);
  expect(res.statusCode).toBe(200);
  return res.body.message as { id: string; seq: number; senderRef: string };
};

const t = useTestApp();
beforeAll(async () => {
  url = await wsUrlOf(t.app);
  cast = await roomCast(t);
  const member = await makeUser(t, { userType: 1 });
  teamWith = await createCorporateSession(t.deps, cast.pro.id, member.id, { contactsChat: true });
  seatC = await makeUser(t, { firstName: 'Carla' });
  // The group's publication: any seat's booking names it.
  const seat = await t.deps.db
    .selectFrom('bookings as b')
    .innerJoin('publications as p', 'p.id', 'b.publication_id')
    .select('p.ref')
    .where('b.ref', '=', cast.seatARef)
    .executeTakeFirstOrThrow();
  seatCRef = await bookOnline(t, seat.ref, seatC.token, groupStartsAt);
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('the group appointment has one conversation', () => {
  it('reached from any seat by the professional and the team with contactsChat, and from each client’s own seat', async () => {
    const { pro, seatA, seatB, seatARef, seatBRef } = cast;
    const fromPro = await openGroup(seatARef, pro.token);
    expect(fromPro.statusCode).toBe(200);
    groupRef = fromPro.body.chat.ref;
    expect(fromPro.body).toMatchObject({
      chat: {
        role: 'professional',
        counterpart: { ref: groupRef, img: null },
        group: { startsAt: groupStartsAt },
        lastSeq: 0,
      },
      booking: { ref: seatARef, startsAt: groupStartsAt },
    });
    expect(fromPro.body.chat.counterpart.name).not.toBe('');
    expect((await openGroup(seatBRef, pro.token)).body.chat.ref).toBe(groupRef);
    expect((await openGroup(seatBRef, teamWith)).body.chat).toMatchObject({
      ref: groupRef,
      role: 'professional',
    });
    for (const [token, ref] of [
      [seatA.token, seatARef],
      [seatB.token, seatBRef],
      [seatC.token, seatCRef],
    ] as const) {
      const opened = await openGroup(ref, token);
      expect(opened.body.chat).toMatchObject({
        ref: groupRef,
        role: 'client',
        group: { startsAt: groupStartsAt },
      });
    }
    // The conversation's own ref opens it too; a client never opens it through another's seat.
    expect((await t.call('open-chat', { ref: groupRef }, seatB.token)).body.chat.ref).toBe(groupRef);
    expect((await openGroup(seatBRef, seatA.token)).body).toEqual(notFound);
    // Without `group` the seat still opens the professional's 1:1 conversation with that client.
    const pair = await t.call('open-chat', { ref: seatARef }, pro.token);
    expect(pair.body.chat.ref).not.toBe(groupRef);
    expect(pair.body.chat.group ?? null).toBeNull();
  });

  it('lets every member read and write, live, with unread counts and read receipts', async () => {
    const { pro, seatA, seatB } = cast;
    const sockets = {
      pro: await join(pro.token),
      team: await join(teamWith),
      seatA: await join(seatA.token),
      seatB: await join(seatB.token),
      seatC: await join(seatC.token),
    };
    const hello = await say(seatA.token, 'Hola a todos, ¿traemos algo?');
    expect(hello.senderRef).toBe(seatA.ref);
    for (const socket of Object.values(sockets)) {
      const heard = await socket.next('chat.message', (f) => f.message.id === hello.id);
      expect(heard.message).toMatchObject({
        chat: groupRef,
        senderRole: 'client',
        senderRef: seatA.ref,
        senderName: 'Ana Prueba',
        text: 'Hola a todos, ¿traemos algo?',
      });
    }
    const answer = await say(pro.token, 'Solo una colchoneta.');
    for (const socket of [sockets.seatA, sockets.seatB, sockets.seatC]) {
      await socket.next('chat.message', (f) => f.message.id === answer.id);
    }

    // seatB has read nothing yet: both messages are unread.
    const listB = await t.call('find-chats', {}, seatB.token);
    expect(listB.body.chats.find((c: { ref: string }) => c.ref === groupRef)).toMatchObject({
      unread: 2,
      lastMessage: { text: 'Solo una colchoneta.', senderRole: 'professional', senderRef: pro.ref, seq: 2 },
    });
    expect((await t.call('find-chat-messages', { ref: groupRef }, seatB.token)).body.messages).toHaveLength(
      2,
    );

    // "Leído" in a group: read by every other member still in it.
    for (const token of [seatB.token, seatC.token]) {
      await t.call('mark-chat-read', { ref: groupRef, seq: 2 }, token);
    }
    const proView = (await t.call('open-chat', { ref: groupRef }, pro.token)).body.chat;
    expect(proView.readByCounterpart).toBe(1);
    await t.call('mark-chat-read', { ref: groupRef, seq: 2 }, seatA.token);
    expect((await t.call('open-chat', { ref: groupRef }, pro.token)).body.chat.readByCounterpart).toBe(2);
    expect(
      (await t.call('find-chats', {}, seatB.token)).body.chats.find(
        (c: { ref: string }) => c.ref === groupRef,
      ),
    ).toMatchObject({ unread: 0 });

    // Typing reaches the other members, not the typist.
    sockets.seatB.send({ type: 'chat.typing', chat: groupRef, typing: true });
    for (const socket of [sockets.pro, sockets.seatA, sockets.seatC]) {
      expect(await socket.next('chat.typing')).toEqual({
        type: 'chat.typing',
        chat: groupRef,
        role: 'client',
        typing: true,
      });
    }
  });
});

describe('everyone else gets 404 and nothing over the channel', () => {
  it('a stranger, another professional, a client of another appointment and a team member without contactsChat', async () => {
    const { stranger, otherPro, otherClient, client, memberToken, seatARef, seatA } = cast;
    const outsiders = [
      ['stranger', stranger.token],
      ['other professional', otherPro.token],
      ['client of another professional', otherClient.token],
      ['client of the same professional, another appointment', client.token],
      ['team member without contactsChat', memberToken],
    ] as const;
    const sockets = await Promise.all(outsiders.map(([, token]) => join(token)));
    const before = (await t.call('find-chat-messages', { ref: groupRef }, seatA.token)).body.messages;
    for (const [who, token] of outsiders) {
      for (const opened of [
        await openGroup(seatARef, token),
        await t.call('open-chat', { ref: groupRef }, token),
      ]) {
        expect(opened.statusCode, `${who} open-chat`).toBe(404);
        expect(opened.body, who).toEqual(notFound);
      }
      for (const [action, input] of [
        ['find-chat-messages', { ref: groupRef }],
        ['send-chat-message', { ref: groupRef, text: 'hola' }],
        ['mark-chat-read', { ref: groupRef, seq: 99 }],
      ] as const) {
        const res = await t.call(action, input, token);
        expect(res.statusCode, `${who} ${action}`).toBe(404);
        expect(res.body).toEqual(notFound);
      }
      expect(
        (await t.call('find-chats', {}, token)).body.chats.map((c: { ref: string }) => c.ref),
      ).not.toContain(groupRef);
    }
    for (const socket of sockets) {
      socket.send({ type: 'chat.typing', chat: groupRef, typing: true });
      expect(await socket.next('error')).toMatchObject({ code: 'E404', ref: groupRef });
    }
    const member = await join(seatA.token);
    const later = await say(seatA.token, 'Nos vemos el martes.');
    const event = await member.next('chat.message', (f) => f.message.id === later.id);
    await pause(150);
    for (const socket of sockets) expect(chatFrames(socket)).toEqual([]);
    // Resume replays nothing of the group to them either, even from one of its own event ids.
    for (const [, token] of outsiders) {
      const again = await join(token);
      again.send({ type: 'resume', lastEventId: event.id });
      expect(await again.next('ready')).toEqual({ type: 'ready', replayed: 0 });
    }
    expect((await t.call('find-chat-messages', { ref: groupRef }, seatA.token)).body.messages).toHaveLength(
      before.length + 1,
    );
  });

  it('a client who cancels their seat loses the conversation at once', async () => {
    const socket = await join(seatC.token);
    const cancelled = await t.call('cancel-booking', { ref: seatCRef }, seatC.token);
    expect(cancelled.statusCode).toBe(200);
    for (const res of [
      await openGroup(seatCRef, seatC.token),
      await t.call('open-chat', { ref: groupRef }, seatC.token),
      await t.call('find-chat-messages', { ref: groupRef }, seatC.token),
      await t.call('send-chat-message', { ref: groupRef, text: 'sigo aquí' }, seatC.token),
      await t.call('mark-chat-read', { ref: groupRef, seq: 1 }, seatC.token),
    ]) {
      expect(res.body).toEqual(notFound);
    }
    expect(
      (await t.call('find-chats', {}, seatC.token)).body.chats.map((c: { ref: string }) => c.ref),
    ).not.toContain(groupRef);
    const stayed = await join(cast.seatB.token);
    const after = await say(cast.pro.token, 'Carla ya no viene.');
    await stayed.next('chat.message', (f) => f.message.id === after.id);
    await pause(150);
    expect(socket.frames.some((f) => f.type === 'chat.message')).toBe(false);
    // Who is still in it keeps reading; the cancelled seat no longer holds back "Leído".
    await t.call('mark-chat-read', { ref: groupRef, seq: after.seq }, cast.seatA.token);
    await t.call('mark-chat-read', { ref: groupRef, seq: after.seq }, cast.seatB.token);
    expect((await t.call('open-chat', { ref: groupRef }, cast.pro.token)).body.chat.readByCounterpart).toBe(
      after.seq,
    );
  });
});
