import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Clock: Sunday 2026-11-22 12:00 UTC (09:00 Buenos Aires); publications open 09–18 there daily.
// Foreign or unknown bookings answer the same not-found code (E14) so nobody learns they exist,
// and nothing about the booking changes.
let pro: Awaited<ReturnType<typeof makeUser>>;
const slot = (day: number, hourUtc: number) =>
  `2026-11-${String(day).padStart(2, '0')}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`;
const notFound = { code: 'E14', message: 'No encontramos la cita' };

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1 });
});

async function bookingRow(ref: string) {
  return t.deps.db.selectFrom('bookings').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
}

async function held(startsAt: string) {
  const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Calle 9' });
  const client = await makeUser(t);
  const res = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, client.token);
  expect(res.statusCode).toBe(200);
  return { pub, client, ref: res.body.booking.tempBookId as string };
}

describe('a held booking belongs to its client only', () => {
  it('another client cannot read, couponise or finalise it', async () => {
    const { ref } = await held(slot(24, 13));
    const before = await bookingRow(ref);
    const stranger = await makeUser(t);
    const otherPro = await makeUser(t, { userType: 1 });
    for (const token of [stranger.token, otherPro.token, pro.token]) {
      expect((await t.call('find-temp-booking', { ref }, token)).body).toMatchObject(notFound);
      expect((await t.call('apply-coupon', { ref, code: 'X' }, token)).body).toMatchObject(notFound);
      expect((await t.call('save-booking', { ref, method: 'cash' }, token)).body).toMatchObject(notFound);
    }
    // An unknown ref answers exactly the same.
    const unknown = await t.call('find-temp-booking', { ref: 'ZZZZZZZZZZZZ' }, stranger.token);
    expect(unknown.body).toMatchObject(notFound);
    expect(await bookingRow(ref)).toEqual(before);
  });

  it('needs a session', async () => {
    const { ref } = await held(slot(24, 14));
    expect((await t.call('find-temp-booking', { ref })).statusCode).toBe(401);
    expect((await t.call('save-booking', { ref, method: 'cash' })).statusCode).toBe(401);
  });
});

describe('a booked appointment is touched only by its two sides', () => {
  it('a stranger or another professional cannot reschedule or cancel it', async () => {
    const { client, ref } = await held(slot(25, 13));
    const saved = await t.call('save-booking', { ref, method: 'cash' }, client.token);
    expect(saved.statusCode).toBe(200);
    const before = await bookingRow(ref);
    const stranger = await makeUser(t);
    const otherPro = await makeUser(t, { userType: 1 });
    for (const token of [stranger.token, otherPro.token]) {
      const moved = await t.call('reschedule-booking', { ref, startsAt: slot(25, 16) }, token);
      expect(moved.body).toMatchObject(notFound);
      expect((await t.call('cancel-booking', { ref }, token)).body).toMatchObject(notFound);
    }
    expect(await bookingRow(ref)).toEqual(before);

    // The owner professional may move it (both sides may; spec 000 §4).
    const moved = await t.call('reschedule-booking', { ref, startsAt: slot(25, 16) }, pro.token);
    expect(moved.body).toMatchObject({ status: '200', startsAt: slot(25, 16) });
  });

  it('a team member without calendarCancel cannot cancel; with it, can', async () => {
    const { client, ref } = await held(slot(26, 13));
    await t.call('save-booking', { ref, method: 'cash' }, client.token);
    const { createCorporateSession } = await import('../auth/auth.service.ts');
    const member = await makeUser(t, { userType: 1 });
    const without = await createCorporateSession(t.deps, pro.id, member.id, {
      calendarEdit: true,
      calendarCancel: false,
    });
    expect((await t.call('cancel-booking', { ref }, without)).body.code).toBe('E403');
    expect((await bookingRow(ref)).state).toBe('confirmed');

    const withIt = await createCorporateSession(t.deps, pro.id, member.id, {
      calendarEdit: true,
      calendarCancel: true,
    });
    const cancelled = await t.call('cancel-booking', { ref }, withIt);
    expect(cancelled.statusCode).toBe(200);
    expect((await bookingRow(ref)).state).toBe('cancelled');
  });
});
