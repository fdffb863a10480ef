import { createCorporateSession } from '../modules/auth/auth.service.ts';
import { holdAndBook, makePublication, makeUser } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

let hour = 12;

/** A booked (cash, in person) appointment of `client` with `pro`; answers its ref. */
export async function bookBetween(t: TestApp, proId: number, clientToken: string): Promise<string> {
  const pub = await makePublication(t, proId, { modality_id: 2, pay_cash: 1, address: 'Calle 9' });
  hour = hour >= 20 ? 12 : hour + 1;
  const startsAt = `2026-11-25T${String(hour).padStart(2, '0')}:00:00.000Z`;
  return holdAndBook(t, pub.ref, clientToken, startsAt, 'cash');
}

/**
 * The cast of the authorization matrix (issue 17): a professional and their client with an
 * appointment, a stranger, another professional, that professional's own client, and two team
 * members of the first professional, with and without contactsChat.
 */
export async function chatCast(t: TestApp) {
  const pro = await makeUser(t, { userType: 1, firstName: 'Laura' });
  const client = await makeUser(t, { firstName: 'Martín' });
  const bookingRef = await bookBetween(t, pro.id, client.token);
  const stranger = await makeUser(t);
  const otherPro = await makeUser(t, { userType: 1 });
  const otherClient = await makeUser(t);
  const otherBookingRef = await bookBetween(t, otherPro.id, otherClient.token);
  const member = await makeUser(t, { userType: 1 });
  const memberWith = await createCorporateSession(t.deps, pro.id, member.id, { contactsChat: true });
  const memberWithout = await createCorporateSession(t.deps, pro.id, member.id, {
    contactsInfo: true,
    contactsClinic: true,
  });
  return {
    pro,
    client,
    bookingRef,
    stranger,
    otherPro,
    otherClient,
    otherBookingRef,
    memberWith,
    memberWithout,
  };
}
