import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { bookBetween } from '../../test/chat-fixtures.ts';
import { startFakePushService } from '../../test/fake-push-service.ts';
import { useTestApp } from '../../test/test-app.ts';
import { joinFresh, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';
import { isOnline } from '../realtime/realtime.service.ts';
import { listPushSubscriptions } from './notifications.repository.ts';
import { notify } from './notifications.service.ts';

// issue 17: one notifications service. A booking's events (which mail both parties) also land
// in each party's notifications, live on their sockets and as web push to their devices; a chat
// message to someone offline becomes one. Only the recipient reads or marks them.
let url: string;
let push: Awaited<ReturnType<typeof startFakePushService>>;
const open: TestSocket[] = [];
const join = (token: string) => joinFresh(url, token, open);

async function waitFor<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await pause(25);
  }
}

beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());
// The local push service is the tests' imitation: allow-listed, its certificate trusted.
const t = useTestApp(
  () => ({ outbound: { allow: [push.origin] } }),
  () => ({ outboundCa: push.ca }),
);
beforeAll(async () => {
  url = await wsUrlOf(t.app);
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

describe('a booking notifies both parties', () => {
  it('writes the notification beside the mail and delivers it live to the connected socket', async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'Laura' });
    const client = await makeUser(t, { firstName: 'Martín' });
    const proSocket = await join(pro.token);

    const bookingRef = await bookBetween(t, pro.id, client.token);

    const live = await proSocket.next('notification', (f) => f.notification.kind === 'booking-booked');
    expect(live.notification).toMatchObject({ link: `bookings/${bookingRef}`, read: false });
    expect(live.notification.title).toMatch(/^Nueva cita: /);
    expect(live.notification.body).toMatch(/^Martín Prueba reservó una cita\. Fecha: /);
    expect(live.unread).toBe(1);
    // The mail is still sent, as before.
    expect((await t.lastMailTo(pro.email))?.subject).toMatch(/^Nueva cita: /);

    const listed = await t.call('find-notifications', {}, client.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.body.unread).toBe(1);
    expect(listed.body.notifications).toEqual([
      expect.objectContaining({ kind: 'booking-booked', link: `my-bookings/${bookingRef}`, read: false }),
    ]);
    expect(listed.body.notifications[0].title).toMatch(/^Tu cita está reservada: /);
  });

  it('lists newest first, marks one and then all read, and tells the other tabs the count', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const first = await bookBetween(t, pro.id, client.token);
    const second = await bookBetween(t, pro.id, client.token);
    const cancelled = await t.call('cancel-booking', { ref: first }, client.token);
    expect(cancelled.statusCode).toBe(200);
    const expected = 3;

    const listed = await waitFor(async () => {
      const res = await t.call('find-notifications', {}, pro.token);
      return res.body.notifications.length === expected ? res.body : false;
    });
    expect(listed.unread).toBe(expected);
    expect(listed.notifications.map((n: { kind: string; link: string }) => [n.kind, n.link])).toEqual([
      ['booking-cancelled', `bookings/${first}`],
      ['booking-booked', `bookings/${second}`],
      ['booking-booked', `bookings/${first}`],
    ]);

    const otherTab = await join(pro.token);
    const one = await t.call('mark-notifications-read', { ref: listed.notifications[0].ref }, pro.token);
    expect(one.body).toEqual({ status: '200', unread: expected - 1 });
    expect((await otherTab.next('notifications.read')).unread).toBe(expected - 1);

    const all = await t.call('mark-notifications-read', {}, pro.token);
    expect(all.body).toEqual({ status: '200', unread: 0 });
    const after = await t.call('find-notifications', {}, pro.token);
    expect(after.body.unread).toBe(0);
    expect(after.body.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });
});

describe('the list', () => {
  it('pages twenty at a time, newest first, without repeating or skipping one', async () => {
    const user = await makeUser(t);
    for (let i = 1; i <= 23; i += 1) {
      await notify(t.deps, t.deps.db, {
        userId: user.id,
        kind: 'booking-reminder',
        title: `Recordatorio ${i}`,
        body: 'Mañana tienes una cita.',
        link: null,
      });
    }
    const first = await t.call('find-notifications', {}, user.token);
    expect(first.body.notifications).toHaveLength(20);
    expect(first.body.notifications[0].title).toBe('Recordatorio 23');
    expect(first.body.unread).toBe(23);
    const second = await t.call('find-notifications', { next: first.body.next }, user.token);
    expect(second.body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Recordatorio 3',
      'Recordatorio 2',
      'Recordatorio 1',
    ]);
    expect(second.body.next).toBeNull();
    // Another person's cursor leads nowhere in one's own list.
    const stranger = await makeUser(t);
    const foreign = await t.call('find-notifications', { next: first.body.next }, stranger.token);
    expect(foreign.body.notifications).toEqual([]);
  });
});

describe('only the recipient', () => {
  it('reads and marks their notifications; anyone else gets nothing and changes nothing', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const stranger = await makeUser(t);
    await bookBetween(t, pro.id, client.token);
    const mine = await waitFor(async () => {
      const res = await t.call('find-notifications', {}, client.token);
      return res.body.notifications[0] as { ref: string } | undefined;
    });

    const strangerList = await t.call('find-notifications', {}, stranger.token);
    expect(strangerList.body).toEqual({ status: '200', notifications: [], next: null, unread: 0 });
    const foreign = await t.call('mark-notifications-read', { ref: mine.ref }, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.message).toBe('No encontramos la notificación.');
    // Marking "all" of one's own never touches someone else's.
    await t.call('mark-notifications-read', {}, stranger.token);
    expect((await t.call('find-notifications', {}, client.token)).body.unread).toBe(1);

    expect((await t.call('find-notifications', {}, null)).statusCode).toBe(401);
  });
});

describe('web push', () => {
  it('serves a VAPID public key, kept in the data folder outside production', async () => {
    const user = await makeUser(t);
    const key = await t.call('find-push-key', {}, user.token);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.call('find-push-key', {}, user.token)).body.publicKey).toBe(key.body.publicKey);
    const kept = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'vapid-dev-keys.json'), 'utf8'));
    expect(kept.publicKey).toBe(key.body.publicKey);
  });

  it('refuses a subscription that is not one', async () => {
    const user = await makeUser(t);
    const bad = await t.call(
      'save-push-subscription',
      { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } },
      user.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(await listPushSubscriptions(t.deps.db, (await makeUser(t)).id)).toEqual([]);
  });

  // Issue 28: the server POSTs to the endpoint, so only the browsers' push services are kept.
  it.each([
    'http://169.254.169.254/latest/meta-data',
    'https://169.254.169.254/latest/meta-data',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://127.0.0.1/push/abc',
    'https://evil.example/push/abc',
  ])('refuses the endpoint %s (E2)', async (endpoint) => {
    const user = await makeUser(t);
    const res = await t.call(
      'save-push-subscription',
      { ...push.device().subscription, endpoint },
      user.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E2',
      field: 'endpoint',
      message:
        'Este navegador usa un servicio de notificaciones que no reconocemos. Prueba con otro navegador.',
    });
    expect(await listPushSubscriptions(t.deps.db, user.id)).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
  ])('keeps an endpoint of a push service: %s', async (endpoint) => {
    const user = await makeUser(t);
    const res = await t.call(
      'save-push-subscription',
      { ...push.device().subscription, endpoint },
      user.token,
    );
    expect(res.body).toMatchObject({ status: '200' });
  });

  it('pushes to every device through the push service; a device it calls gone is forgotten', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const phone = push.device(201);
    const oldLaptop = push.device(410);
    for (const device of [phone, oldLaptop]) {
      const saved = await t.call('save-push-subscription', device.subscription, client.token);
      expect(saved.body).toEqual({ status: '200' });
    }
    // Saving the same device again (a renewed subscription) keeps one row.
    await t.call('save-push-subscription', phone.subscription, client.token);
    expect(await listPushSubscriptions(t.deps.db, client.id)).toHaveLength(2);

    const bookingRef = await bookBetween(t, pro.id, client.token);

    const delivered = await waitFor(() => push.received.find((p) => p.device === phone.id));
    expect(delivered.problems).toEqual([]);
    expect(delivered.claims).toMatchObject({ aud: push.origin, sub: 'mailto:no-responder@agendo.test' });
    expect(JSON.parse(delivered.payload ?? '')).toMatchObject({
      url: `http://agendo.test/ar/es/my-bookings/${bookingRef}`,
    });
    expect(JSON.parse(delivered.payload ?? '').title).toMatch(/^Tu cita está reservada: /);

    const gone = await waitFor(() => push.received.find((p) => p.device === oldLaptop.id));
    expect(gone).toMatchObject({ status: 410, problems: [] });
    await waitFor(async () => {
      const left = await listPushSubscriptions(t.deps.db, client.id);
      return left.length === 1 && left[0]?.endpoint === phone.subscription.endpoint;
    });

    // The device is turned off: no more pushes to it (and another account cannot remove it).
    const stranger = await makeUser(t);
    await t.call('delete-push-subscription', { endpoint: phone.subscription.endpoint }, stranger.token);
    expect(await listPushSubscriptions(t.deps.db, client.id)).toHaveLength(1);
    await t.call('delete-push-subscription', { endpoint: phone.subscription.endpoint }, client.token);
    expect(await listPushSubscriptions(t.deps.db, client.id)).toEqual([]);
  });
});

describe('a chat message to someone offline', () => {
  it('becomes one notification per conversation until read; none while they are connected', async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'Laura' });
    const client = await makeUser(t);
    const bookingRef = await bookBetween(t, pro.id, client.token);
    const chat = (await t.call('open-chat', { ref: bookingRef }, pro.token)).body.chat.ref as string;
    const chatNotes = async () =>
      (await t.call('find-notifications', {}, client.token)).body.notifications.filter(
        (n: { kind: string }) => n.kind === 'chat-message',
      ) as Array<{ title: string; body: string; link: string; read: boolean }>;

    const first = await t.call('send-chat-message', { ref: chat, text: '¿Confirmas el turno?' }, pro.token);
    await t.call('send-chat-message', { ref: chat, text: '¿Sigues ahí?' }, pro.token);
    const notes = await chatNotes();
    expect(notes).toEqual([
      expect.objectContaining({
        title: 'Nuevo mensaje de Laura Prueba',
        body: '¿Confirmas el turno?',
        link: `chats/${chat}`,
        read: false,
      }),
    ]);

    // Reading the conversation reads its notification too.
    await t.call('mark-chat-read', { ref: chat, seq: first.body.message.seq + 1 }, client.token);
    expect((await chatNotes()).map((n) => n.read)).toEqual([true]);

    const clientSocket = await join(client.token);
    const live = await t.call('send-chat-message', { ref: chat, text: 'Ya te veo conectado' }, pro.token);
    await clientSocket.next('chat.message', (f) => f.message.id === live.body.message.id);
    await pause(100);
    expect(await chatNotes()).toHaveLength(1);
    expect(clientSocket.frames.some((f) => f.type === 'notification')).toBe(false);

    await clientSocket.close();
    // The server clears the socket's presence once it hears the close.
    await waitFor(async () => !(await isOnline(t.deps, client.id)));
    await t.call('send-chat-message', { ref: chat, text: 'Te escribo más tarde' }, pro.token);
    expect((await chatNotes()).map((n) => n.body)).toEqual(['Te escribo más tarde', '¿Confirmas el turno?']);
  });
});
