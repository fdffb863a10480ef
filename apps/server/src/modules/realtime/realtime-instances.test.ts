import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookBetween, chatCast } from '../../test/chat-fixtures.ts';
import { useTwinTestApps } from '../../test/test-app.ts';
import { connect, pause, type TestSocket } from '../../test/ws-client.ts';

// issue 17 / ARCHITECTURE §1: two app instances share the database and Redis; a browser
// connected to one hears what happens on the other. Only meaningful with the Redis bus (the
// PostgreSQL + Redis variant of the suite); the embedded mode is one instance by definition.
const redis = process.env.TEST_REDIS_URL;

describe.runIf(redis)('two instances sharing the database and Redis', () => {
  const twins = useTwinTestApps();
  const { a } = twins;
  let cast: Awaited<ReturnType<typeof chatCast>>;
  let chatRef: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    cast = await chatCast(a);
    chatRef = (await a.call('open-chat', { ref: cast.bookingRef }, cast.client.token)).body.chat.ref;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  const join = async (url: string, token: string) => {
    const socket = await connect(url, token);
    open.push(socket);
    return socket;
  };

  it('a message sent through one instance reaches sockets on the other, both ways', async () => {
    const onA = await join(twins.urlA, cast.pro.token);
    const onB = await join(twins.urlB, cast.client.token);
    const memberOnB = await join(twins.urlB, cast.memberWith);
    const strangerOnB = await join(twins.urlB, cast.stranger.token);

    const fromPro = await a.call(
      'send-chat-message',
      { ref: chatRef, text: 'Desde la instancia A' },
      cast.pro.token,
    );
    await onB.next('chat.message', (f) => f.message.id === fromPro.body.message.id);
    await memberOnB.next('chat.message', (f) => f.message.id === fromPro.body.message.id);

    const viaB = await twins.b.app.inject({
      method: 'POST',
      url: '/index.php',
      headers: { authorization: `Bearer ${cast.client.token}` },
      payload: { action: 'send-chat-message', ref: chatRef, text: 'Desde la instancia B' },
    });
    const sentB = viaB.json().message as { id: string };
    await onA.next('chat.message', (f) => f.message.id === sentB.id);

    // Typing, never stored, also crosses instances.
    onB.send({ type: 'chat.typing', chat: chatRef, typing: true });
    expect(await onA.next('chat.typing')).toMatchObject({ chat: chatRef, role: 'client', typing: true });

    await pause(150);
    expect(strangerOnB.frames).toEqual([]);
  });

  it('a notification written on one instance reaches the recipient connected to the other', async () => {
    const onB = await join(twins.urlB, cast.pro.token);
    onB.send({ type: 'resume', lastEventId: null });
    await onB.next('ready');
    const bookingRef = await bookBetween(a, cast.pro.id, cast.client.token);
    const heard = await onB.next('notification', (f) => f.notification.link === `bookings/${bookingRef}`);
    expect(heard.notification.kind).toBe('booking-booked');
  });

  it('a chat message to someone connected only to the other instance is not a notification', async () => {
    const clientOnB = await join(twins.urlB, cast.client.token);
    clientOnB.send({ type: 'resume', lastEventId: null });
    await clientOnB.next('ready');
    const sent = await a.call('send-chat-message', { ref: chatRef, text: '¿Me lees?' }, cast.pro.token);
    await clientOnB.next('chat.message', (f) => f.message.id === sent.body.message.id);
    await pause(150);
    const notes = await a.call('find-notifications', {}, cast.client.token);
    expect(notes.body.notifications.filter((n: { kind: string }) => n.kind === 'chat-message')).toEqual([]);
  });

  it('a socket that reconnects to the other instance resumes without losing a message', async () => {
    const first = await join(twins.urlA, cast.client.token);
    const seen = await a.call('send-chat-message', { ref: chatRef, text: 'visto' }, cast.pro.token);
    const event = await first.next('chat.message', (f) => f.message.id === seen.body.message.id);
    await first.close();
    const missed = await a.call('send-chat-message', { ref: chatRef, text: 'perdido?' }, cast.pro.token);

    const again = await join(twins.urlB, cast.client.token);
    again.send({ type: 'resume', lastEventId: event.id });
    await again.next('ready');
    await again.next('chat.message', (f) => f.message.id === missed.body.message.id, 100);
  });
});
