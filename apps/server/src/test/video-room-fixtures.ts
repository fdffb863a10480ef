import { createCorporateSession } from '../modules/auth/auth.service.ts';
import { holdAndBook, makePublication, makeUser } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The hour the room tests' appointments start; the clock is moved into it to open the rooms. */
export const roomStartsAt = '2026-11-25T15:00:00.000Z';
export const insideTheAppointment = new Date('2026-11-25T15:05:00.000Z');
/** The group appointment starts two hours later (a professional holds one slot at a time). */
export const groupStartsAt = '2026-11-25T17:00:00.000Z';
export const insideTheGroup = new Date('2026-11-25T17:05:00.000Z');

/** An online appointment of `clientToken` with the professional, confirmed (free), so the room may open. */
export async function bookOnline(
  t: TestApp,
  pubRef: string,
  clientToken: string,
  startsAt = roomStartsAt,
): Promise<string> {
  const ref = await holdAndBook(t, pubRef, clientToken, startsAt);
  // canCalificate needs a confirmed appointment: as if the cash had been marked paid.
  await t.deps.db.updateTable('bookings').set({ state: 'confirmed' }).where('ref', '=', ref).execute();
  return ref;
}

/**
 * The video room's cast (issue 17): a professional with a 1:1 online appointment and a group
 * appointment of two clients, a team member, and the outsiders (a stranger, another
 * professional and that professional's client, who has an appointment of their own).
 */
export async function roomCast(t: TestApp) {
  const pro = await makeUser(t, { userType: 1, firstName: 'Laura' });
  const client = await makeUser(t, { firstName: 'Martín' });
  const single = await makePublication(t, pro.id, { modality_id: 1, no_price: 1 });
  const bookingRef = await bookOnline(t, single.ref, client.token);

  const group = await makePublication(t, pro.id, { modality_id: 1, no_price: 1, group_capacity: 8 });
  const seatA = await makeUser(t, { firstName: 'Ana' });
  const seatB = await makeUser(t, { firstName: 'Beto' });
  const seatARef = await bookOnline(t, group.ref, seatA.token, groupStartsAt);
  const seatBRef = await bookOnline(t, group.ref, seatB.token, groupStartsAt);

  const stranger = await makeUser(t);
  const otherPro = await makeUser(t, { userType: 1 });
  const otherClient = await makeUser(t);
  const otherPub = await makePublication(t, otherPro.id, { modality_id: 1, no_price: 1 });
  const otherBookingRef = await bookOnline(t, otherPub.ref, otherClient.token);
  const member = await makeUser(t, { userType: 1 });
  const memberToken = await createCorporateSession(t.deps, pro.id, member.id, { calendarEdit: true });
  return {
    pro,
    client,
    bookingRef,
    seatA,
    seatB,
    seatARef,
    seatBRef,
    stranger,
    otherPro,
    otherClient,
    otherBookingRef,
    memberToken,
  };
}
