import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config.ts';
import { chatCast } from '../../test/chat-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { connect, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';

// issue 17: the real-time channel at /ws, with the chat as its first user.
const t = useTestApp();
let url: string;
let cast: Awaited<ReturnType<typeof chatCast>>;
let chatRef: string;
const open: TestSocket[] = [];
const join = async (token: string | null, options?: { autoPong?: boolean }) => {
  const socket = await connect(url, token, options);
  open.push(socket);
  return socket;
};
const say = async (token: string, text: string) => {
  const res = await t.call('send-chat-message', { ref: chatRef, text }, token);
  expect(res.statusCode).toBe(200);
  return res.body.message as { id: string; seq: number };
};

beforeAll(async () => {
  url = await wsUrlOf(t.app);
  cast = await chatCast(t);
  chatRef = (await t.call('open-chat', { ref: cast.bookingRef }, cast.client.token)).body.chat.ref;
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

describe('the upgrade', () => {
  it('is refused without a live session token', async () => {
    await expect(connect(url, null)).rejects.toThrow('refused 401');
    await expect(connect(url, 'x'.repeat(43))).rejects.toThrow('refused 401');
    const ok = await join(cast.client.token);
    expect(ok.socket.protocol).toBe('agendo.v1');
  });
});

describe('chat over the channel', () => {
  it('delivers a message live to both sides, and to nobody else', async () => {
    const { pro, client, stranger, otherPro, otherClient, memberWith, memberWithout } = cast;
    const proSocket = await join(pro.token);
    const clientSocket = await join(client.token);
    const withSocket = await join(memberWith);
    const outsiders = await Promise.all(
      [stranger.token, otherPro.token, otherClient.token, memberWithout].map((token) => join(token)),
    );

    const sent = await say(client.token, 'Hola, ¿te puedo consultar algo?');
    const heard = await proSocket.next('chat.message', (f) => f.message.id === sent.id);
    expect(heard.message).toMatchObject({
      chat: chatRef,
      senderRole: 'client',
      text: 'Hola, ¿te puedo consultar algo?',
    });
    // The sender's own tabs hear it too, and so does a team member with contactsChat.
    await clientSocket.next('chat.message', (f) => f.message.id === sent.id);
    await withSocket.next('chat.message', (f) => f.message.id === sent.id);

    await t.call('mark-chat-read', { ref: chatRef, seq: sent.seq }, pro.token);
    const receipt = await clientSocket.next('chat.read', (f) => f.seq === sent.seq);
    expect(receipt).toMatchObject({ chat: chatRef, role: 'professional' });

    await pause(150);
    for (const outsider of outsiders) expect(outsider.frames).toEqual([]);
  });

  it('relays typing to the other side without storing it, and answers a foreign ref with 404', async () => {
    const { pro, client, stranger, otherPro, otherClient, memberWithout } = cast;
    const proSocket = await join(pro.token);
    const clientSocket = await join(client.token);
    const before = (await t.call('find-chats', {}, pro.token)).body.chats[0];

    clientSocket.send({ type: 'chat.typing', chat: chatRef, typing: true });
    const typing = await proSocket.next('chat.typing');
    expect(typing).toEqual({ type: 'chat.typing', chat: chatRef, role: 'client', typing: true });
    expect((await t.call('find-chats', {}, pro.token)).body.chats[0]).toEqual(before);

    // Another professional and a client of another appointment are strangers to this conversation.
    for (const token of [stranger.token, otherPro.token, otherClient.token, memberWithout]) {
      const intruder = await join(token);
      intruder.send({ type: 'chat.typing', chat: chatRef, typing: true });
      const refused = await intruder.next('error');
      expect(refused).toEqual({
        type: 'error',
        code: 'E404',
        message: 'No encontramos la conversación.',
        ref: chatRef,
      });
    }
    await pause(100);
    expect(proSocket.frames.filter((f) => f.type === 'chat.typing')).toHaveLength(1);
  });

  it('answers a malformed frame with E400 and keeps the socket', async () => {
    const socket = await join(cast.client.token);
    socket.send({ type: 'chat.typing', chat: 'no' });
    expect((await socket.next('error')).code).toBe('E400');
    socket.send({ type: 'ping' });
    await socket.next('pong');
  });
});

describe('resume after a reconnect', () => {
  it('replays every message stored while the socket was away; nothing is lost', async () => {
    const { pro, client } = cast;
    const first = await join(client.token);
    const seen = await say(pro.token, 'Antes del corte');
    const lastEvent = await first.next('chat.message', (f) => f.message.id === seen.id);
    await first.close();

    const missed = [await say(pro.token, 'Durante el corte 1'), await say(pro.token, 'Durante el corte 2')];
    const again = await join(client.token);
    again.send({ type: 'resume', lastEventId: lastEvent.id });
    const ready = await again.next('ready');
    const replayed = again.frames.flatMap((f) => (f.type === 'chat.message' ? [f.message.id] : []));
    for (const message of missed) expect(replayed).toContain(message.id);
    expect(ready.replayed).toBeGreaterThanOrEqual(2);
    // Replayed in the order they were written.
    expect(replayed.indexOf(missed[0]?.id ?? '')).toBeLessThan(replayed.indexOf(missed[1]?.id ?? ''));
  });

  it('asks for a reload when the event id is not one of ours, and replays nothing on a first connection', async () => {
    const socket = await join(cast.client.token);
    socket.send({ type: 'resume', lastEventId: 'not-an-event' });
    await socket.next('resync');
    const fresh = await join(cast.client.token);
    fresh.send({ type: 'resume', lastEventId: null });
    expect(await fresh.next('ready')).toEqual({ type: 'ready', replayed: 0 });
  });

  it('replays nothing to someone who is not in the conversation', async () => {
    const { pro, stranger } = cast;
    const socket = await join(pro.token);
    const seen = await say(pro.token, 'Solo para el cliente');
    const event = await socket.next('chat.message', (f) => f.message.id === seen.id);
    const intruder = await join(stranger.token);
    intruder.send({ type: 'resume', lastEventId: event.id });
    expect(await intruder.next('ready')).toEqual({ type: 'ready', replayed: 0 });
    expect(intruder.frames.filter((f) => f.type === 'chat.message')).toEqual([]);
  });
});

describe('limits', () => {
  const realtime = defaultConfig().realtime;
  const limited = useTestApp({
    realtime: { ...realtime, heartbeatMs: 100, frames: { limit: 5, windowMs: 60_000 } },
  });
  let limitedUrl: string;
  beforeAll(async () => {
    limitedUrl = await wsUrlOf(limited.app);
  });

  it('per person: past the limit a frame is refused with E429, and a client that keeps on is closed', async () => {
    const user = await limited.registerUser(2);
    const socket = await connect(limitedUrl, user.token);
    for (let i = 0; i < 6; i++) socket.send({ type: 'ping' });
    expect((await socket.next('error')).code).toBe('E429');
    expect(socket.frames.filter((f) => f.type === 'pong')).toHaveLength(5);
    // The same person on a second socket shares the count.
    const second = await connect(limitedUrl, user.token);
    second.send({ type: 'ping' });
    expect((await second.next('error')).code).toBe('E429');
    for (let i = 0; i < 6; i++) socket.send({ type: 'ping' });
    expect(await socket.closed).toBe(4429);
    await second.close();
  });

  it('heartbeats drop a socket that stopped answering pings, and keep one that answers', async () => {
    const user = await limited.registerUser(2);
    const alive = await connect(limitedUrl, user.token);
    const dead = await connect(limitedUrl, user.token, { autoPong: false });
    const code = await Promise.race([dead.closed, pause(2_000).then(() => 'still open')]);
    expect(code).toBe(1006);
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
    await alive.close();
  });
});
