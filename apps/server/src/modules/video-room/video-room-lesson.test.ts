import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { buyModuleByCard, type CourseRefs, makeCourse } from '../../test/course-fixtures.ts';
import { onWorkshopPlan } from '../../test/plan-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { connect, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';

// issue 17 / spec 002 §2: course-room/{ref}, the own room of a live online lesson. Its parties
// are the workshop's professional and the students the lesson is open to, from when 'Ingresar al
// evento' is enabled (canEnter) to the end; everybody else gets the room's 404, over HTTP and
// over the channel.
let url: string;
let pro: Awaited<ReturnType<typeof makeUser>>;
let buyer: Awaited<ReturnType<typeof makeUser>>;
let notBuyer: Awaited<ReturnType<typeof makeUser>>;
let otherPro: Awaited<ReturnType<typeof makeUser>>;
let c: CourseRefs;
const open: TestSocket[] = [];

const t = useTestApp();
beforeAll(async () => {
  url = await wsUrlOf(t.app);
  pro = await makeUser(t, { userType: 1, countryId: 5, firstName: 'Laura' });
  // Workshops need plan 3 once the trial is over (issue 16): subscribed past the test's clock.
  await onWorkshopPlan(t, pro);
  c = await makeCourse(t, pro.token);
  buyer = await makeUser(t, { userType: 2, countryId: 5, firstName: 'Sofía' });
  await buyModuleByCard(t, buyer.token, c.module2Ref);
  notBuyer = await makeUser(t, { userType: 2, countryId: 5 });
  otherPro = await makeUser(t, { userType: 1, countryId: 5 });
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const roomOf = (token: string) => t.call('find-group-room-data', { ref: c.lessons.online }, token);
const socketOf = async (token: string) => {
  const socket = await connect(url, token);
  open.push(socket);
  return socket;
};

describe('course-room of a live online lesson', () => {
  it('waits before canEnter, then opens for the professional and the students who bought it', async () => {
    const early = await roomOf(buyer.token);
    expect(early.statusCode).toBe(200);
    expect(early.body.room).toMatchObject({
      ref: c.lessons.online,
      room: `l.${c.lessons.online}`,
      role: 'client',
      state: 'waiting',
      opensAt: new Date(c.onlineStart.getTime() - 10 * 60_000).toISOString(),
      chatRef: null,
    });
    // A student before the opening cannot join either.
    const eager = await socketOf(buyer.token);
    eager.send({ type: 'room.join', ref: c.lessons.online });
    expect((await eager.next('error')).code).toBe('E30');

    t.clock.now = new Date(c.onlineStart.getTime() - 5 * 60_000);
    expect((await roomOf(buyer.token)).body.room.state).toBe('open');
    expect((await roomOf(pro.token)).body.room).toMatchObject({ role: 'professional', state: 'open' });

    const teacher = await socketOf(pro.token);
    teacher.send({ type: 'room.join', ref: c.lessons.online });
    const first = await teacher.next('room.joined');
    const student = await socketOf(buyer.token);
    student.send({ type: 'room.join', ref: c.lessons.online });
    const second = await student.next('room.joined');
    expect(second.room).toBe(`l.${c.lessons.online}`);
    expect(second.peers).toEqual([{ peer: first.self, name: 'Laura Prueba', role: 'professional' }]);
    const heard = await teacher.next('room.peer-joined');
    expect(heard.peer).toEqual({ peer: second.self, name: 'Sofía Prueba', role: 'client' });
    await Promise.all([teacher.close(), student.close()]);
  });

  it('is the same 404 for a student who did not buy the lesson, another professional and a stranger', async () => {
    t.clock.now = new Date(c.onlineStart.getTime() + 10 * 60_000);
    const stranger = await makeUser(t);
    for (const token of [notBuyer.token, otherPro.token, stranger.token]) {
      const refused = await roomOf(token);
      expect(refused.statusCode).toBe(404);
      expect(refused.body.message).toBe('No encontramos la sala.');
      const socket = await socketOf(token);
      socket.send({ type: 'room.join', ref: c.lessons.online });
      expect(await socket.next('error')).toMatchObject({ code: 'E404', ref: c.lessons.online });
    }
    // A lesson that is not a live event in the own room has no room, even for its owner.
    expect((await t.call('find-group-room-data', { ref: c.lessons.video }, pro.token)).statusCode).toBe(404);
    expect((await t.call('find-group-room-data', { ref: c.lessons.online }, null)).statusCode).toBe(401);
  });

  it('ends with the event', async () => {
    t.clock.now = new Date(c.onlineStart.getTime() + 3 * 3_600_000);
    expect((await roomOf(buyer.token)).body.room.state).toBe('ended');
    const late = await socketOf(buyer.token);
    late.send({ type: 'room.join', ref: c.lessons.online });
    expect((await late.next('error')).code).toBe('E30');
  });
});
