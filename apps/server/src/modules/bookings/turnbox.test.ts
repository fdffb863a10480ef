import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { bookBetween } from '../../test/chat-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { connect, pause, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';
import { calledName } from './turnbox.service.ts';

// issue 17 / spec 000 §6: 'Anunciar' (call-turnbox) by an active administrator reaches the
// professional's waiting room screen live over the channel, and nobody else's.
let url: string;
const open: TestSocket[] = [];
const socketOf = async (token: string) => {
  const socket = await connect(url, token);
  open.push(socket);
  return socket;
};

const t = useTestApp();
beforeAll(async () => {
  url = await wsUrlOf(t.app);
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('call-turnbox', () => {
  it("reaches the professional's screens live with the client's called name and the box, and nobody else", async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'Laura' });
    const client = await makeUser(t, { firstName: 'Martín' });
    const ref = await bookBetween(t, pro.id, client.token);
    const admin = await makeUser(t);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
    const screen = await socketOf(pro.token);
    const clientSocket = await socketOf(client.token);
    const otherPro = await makeUser(t, { userType: 1 });
    const otherScreen = await socketOf(otherPro.token);

    // Not an administrator: refused, and no screen hears a thing.
    expect((await t.call('call-turnbox', { ref, box: 'Box 2' }, pro.token)).body.code).toBe('E403');
    // Far from its time (the seed clock is days before the appointment): not announced.
    const early = await t.call('call-turnbox', { ref, box: 'Box 2' }, admin.token);
    expect(early.statusCode).toBe(400);
    expect(early.body).toMatchObject({ code: 'E28', message: 'No fue posible anunciar al paciente.' });
    // A box is required.
    expect((await t.call('call-turnbox', { ref, box: ' ' }, admin.token)).statusCode).toBe(400);
    await pause(150);
    expect(screen.frames.filter((f) => f.type === 'turnbox.announced')).toEqual([]);

    const before = t.clock.now;
    t.clock.now = new Date('2026-11-25T12:30:00Z');
    try {
      const called = await t.call('call-turnbox', { ref, box: 'Box 2' }, admin.token);
      expect(called.statusCode).toBe(200);
      expect(called.body.message).toBe('Paciente anunciado.');
      expect(await screen.next('turnbox.announced')).toEqual({
        type: 'turnbox.announced',
        name: 'Martín P.',
        box: 'Box 2',
        at: '2026-11-25T12:30:00.000Z',
      });
    } finally {
      t.clock.now = before;
    }
    await pause(150);
    expect(clientSocket.frames.filter((f) => f.type === 'turnbox.announced')).toEqual([]);
    expect(otherScreen.frames).toEqual([]);
  });
});

describe('calledName', () => {
  it('keeps the first name and the last name’s initial', () => {
    expect(calledName('Martín Prueba')).toBe('Martín P.');
    expect(calledName('  Ana María   de la Torre ')).toBe('Ana T.');
    expect(calledName('Cher')).toBe('Cher');
  });
});
