import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { bookBetween, chatCast } from '../../test/chat-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// issue 17: one conversation per professional and client, stored, paged, with unread counts and
// read receipts; only the two parties (and team members with contactsChat) see it, everyone
// else gets the same 404 as an unknown ref.
let cast: Awaited<ReturnType<typeof chatCast>>;
let chatRef: string;
const notFound = { status: '404', code: 'E404', message: 'No encontramos la conversación.' };

const t = useTestApp();
beforeAll(async () => {
  cast = await chatCast(t);
  const opened = await t.call('open-chat', { ref: cast.bookingRef }, cast.client.token);
  expect(opened.statusCode).toBe(200);
  chatRef = opened.body.chat.ref;
});

describe('a professional and a client who share an appointment', () => {
  it('reach the same conversation from the appointment, the account ref or the conversation ref', async () => {
    const { pro, client, bookingRef } = cast;
    const fromBooking = await t.call('open-chat', { ref: bookingRef }, pro.token);
    expect(fromBooking.body).toMatchObject({
      status: '200',
      chat: { ref: chatRef, role: 'professional', counterpart: { ref: client.ref } },
      booking: { ref: bookingRef },
    });
    // The contact's Chat tab opens prof-chat/{the client's account ref}.
    const fromContact = await t.call('open-chat', { ref: client.ref }, pro.token);
    expect(fromContact.body.chat).toMatchObject({ ref: chatRef, role: 'professional' });
    // 'Escribir al profesional' opens chat/{the professional's ref}.
    const fromPro = await t.call('open-chat', { ref: pro.ref }, client.token);
    expect(fromPro.body.chat).toMatchObject({ ref: chatRef, role: 'client', counterpart: { ref: pro.ref } });
    const direct = await t.call('open-chat', { ref: chatRef }, client.token);
    expect(direct.body).toMatchObject({ chat: { ref: chatRef }, booking: null });
  });

  it('exchange messages: unread counts, read receipts, the appointment link', async () => {
    const { pro, client, bookingRef } = cast;
    const sent = await t.call(
      'send-chat-message',
      { ref: chatRef, text: '  Hola, ¿llego 10 minutos antes?  ', bookingRef },
      client.token,
    );
    expect(sent.body.message).toMatchObject({
      chat: chatRef,
      seq: 1,
      senderRole: 'client',
      senderName: 'Martín Prueba',
      text: 'Hola, ¿llego 10 minutos antes?',
      booking: { ref: bookingRef },
    });

    let list = await t.call('find-chats', {}, pro.token);
    expect(list.body.unreadTotal).toBe(1);
    expect(list.body.chats[0]).toMatchObject({
      ref: chatRef,
      unread: 1,
      lastMessage: { text: 'Hola, ¿llego 10 minutos antes?', senderRole: 'client', seq: 1 },
    });
    // The sender has read their own message; the professional has not yet.
    expect((await t.call('find-chats', {}, client.token)).body.chats[0]).toMatchObject({
      unread: 0,
      readByCounterpart: 0,
    });

    expect((await t.call('mark-chat-read', { ref: chatRef, seq: 1 }, pro.token)).body.unread).toBe(0);
    expect((await t.call('find-chats', {}, client.token)).body.chats[0].readByCounterpart).toBe(1);
    // A read mark never moves back.
    await t.call('mark-chat-read', { ref: chatRef, seq: 0 }, pro.token);
    list = await t.call('find-chats', {}, pro.token);
    expect(list.body.unreadTotal).toBe(0);

    const reply = await t.call('send-chat-message', { ref: chatRef, text: 'Sí, te espero.' }, pro.token);
    expect(reply.body.message).toMatchObject({ seq: 2, senderRole: 'professional', booking: null });
    expect((await t.call('find-chats', {}, client.token)).body.chats[0].unread).toBe(1);
  });

  it('page the history backwards, each page in reading order', async () => {
    const { client } = cast;
    // The client sent one message above; 29 more reach the limit of 30 a minute.
    for (let i = 0; i < 29; i++) {
      const sent = await t.call('send-chat-message', { ref: chatRef, text: `mensaje ${i}` }, client.token);
      expect(sent.statusCode).toBe(200);
    }
    const first = await t.call('find-chat-messages', { ref: chatRef }, client.token);
    expect(first.body.messages).toHaveLength(30);
    expect(first.body.messages.at(-1)).toMatchObject({ seq: 31, text: 'mensaje 28' });
    const seqs = first.body.messages.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const second = await t.call(
      'find-chat-messages',
      { ref: chatRef, before: first.body.before },
      client.token,
    );
    expect(second.body.messages.map((m: { seq: number }) => m.seq)).toEqual([1]);
    expect(second.body.before).toBeNull();
  });

  it('limit a sender to 30 messages a minute', async () => {
    const flood = await t.call('send-chat-message', { ref: chatRef, text: 'uno más' }, cast.client.token);
    expect(flood.statusCode).toBe(429);
    expect(flood.body.code).toBe('E429');
    // The other side is counted apart.
    expect((await t.call('send-chat-message', { ref: chatRef, text: 'ok' }, cast.pro.token)).statusCode).toBe(
      200,
    );
  });

  it('refuse an empty or too long message with the catalogue codes', async () => {
    const empty = await t.call('send-chat-message', { ref: chatRef, text: '   ' }, cast.client.token);
    expect(empty.body).toMatchObject({ status: '400', code: 'E2', field: 'text' });
    const long = await t.call(
      'send-chat-message',
      { ref: chatRef, text: 'a'.repeat(2001) },
      cast.client.token,
    );
    expect(long.body).toMatchObject({ status: '400', code: 'E3' });
  });
});

describe('everyone else gets 404', () => {
  it('a stranger, another professional, a client of another professional and a team member without contactsChat', async () => {
    const { pro, client, bookingRef, stranger, otherPro, otherClient, otherBookingRef, memberWithout } = cast;
    const before = (await t.call('find-chat-messages', { ref: chatRef }, client.token)).body.messages;
    for (const [who, token] of [
      ['stranger', stranger.token],
      ['other professional', otherPro.token],
      ['client of another professional', otherClient.token],
      ['team member without contactsChat', memberWithout],
    ] as const) {
      for (const ref of [chatRef, bookingRef, pro.ref, client.ref]) {
        const opened = await t.call('open-chat', { ref }, token);
        expect(opened.statusCode, `${who} open-chat`).toBe(404);
        expect(opened.body, who).toEqual(notFound);
      }
      for (const [action, input] of [
        ['find-chat-messages', { ref: chatRef }],
        ['send-chat-message', { ref: chatRef, text: 'hola' }],
        ['mark-chat-read', { ref: chatRef, seq: 99 }],
      ] as const) {
        const res = await t.call(action, input, token);
        expect(res.statusCode, `${who} ${action}`).toBe(404);
        expect(res.body).toEqual(notFound);
      }
      const list = await t.call('find-chats', {}, token);
      expect(list.body.chats.map((c: { ref: string }) => c.ref)).not.toContain(chatRef);
    }
    // The other professional's own client is theirs to chat with, not ours.
    expect((await t.call('open-chat', { ref: otherBookingRef }, pro.token)).statusCode).toBe(404);
    expect((await t.call('open-chat', { ref: otherBookingRef }, otherPro.token)).statusCode).toBe(200);
    // Nothing was written by the refused calls.
    expect((await t.call('find-chat-messages', { ref: chatRef }, client.token)).body.messages).toEqual(
      before,
    );
  });

  it('an unknown ref answers exactly the same', async () => {
    const res = await t.call('open-chat', { ref: 'ZZZZZZZZZZZZZZZZ' }, cast.client.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual(notFound);
  });

  it('two people who never met cannot start a conversation', async () => {
    const lonelyPro = await makeUser(t, { userType: 1 });
    const res = await t.call('open-chat', { ref: lonelyPro.ref }, cast.stranger.token);
    expect(res.body).toEqual(notFound);
    expect((await t.call('open-chat', { ref: cast.stranger.ref }, lonelyPro.token)).body).toEqual(notFound);
  });

  it('needs a session', async () => {
    expect((await t.call('find-chats', {})).statusCode).toBe(401);
    expect((await t.call('send-chat-message', { ref: chatRef, text: 'hola' })).statusCode).toBe(401);
  });
});

describe('a team member with contactsChat', () => {
  it("reads and writes as the professional, but never the professional's own chats as a client", async () => {
    const { memberWith, pro } = cast;
    const list = await t.call('find-chats', {}, memberWith);
    expect(list.body.chats.map((c: { ref: string }) => c.ref)).toContain(chatRef);
    const sent = await t.call('send-chat-message', { ref: chatRef, text: 'Soy la secretaria.' }, memberWith);
    expect(sent.body.message).toMatchObject({ senderRole: 'professional', senderName: 'Laura Prueba' });

    // The professional books another professional: that conversation is the account's own.
    const teacher = await makeUser(t, { userType: 1 });
    const lesson = await bookBetween(t, teacher.id, pro.token);
    const own = await t.call('open-chat', { ref: lesson }, pro.token);
    expect(own.body.chat.role).toBe('client');
    expect((await t.call('open-chat', { ref: own.body.chat.ref }, memberWith)).statusCode).toBe(404);
    expect((await t.call('open-chat', { ref: lesson }, memberWith)).statusCode).toBe(404);
  });
});
