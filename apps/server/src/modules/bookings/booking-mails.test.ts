import { countryIds } from '@agendo/contract';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { dayOfAppointment, sendBookingMail } from './booking-mails.ts';

const t = useTestApp();

async function lastMailTo(email: string) {
  return t.deps.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function icsOf(mail: { attachments: string | null }) {
  const [ics] = JSON.parse(mail.attachments ?? '[]') as { content: string }[];
  if (!ics) throw new Error('no .ics attached');
  const event = new ICAL.Component(ICAL.parse(ics.content)).getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return event;
}

/** A free in-person session: every client, from any country, books it without paying. */
async function book(client: { token: string }, proId: number, startsAt: string) {
  const pub = await makePublication(t, proId, {
    modality_id: 2,
    address: 'Av. Callao 500',
    price: 0,
    price_usd: 0,
    free: 1,
  });
  const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, client.token);
  const ref = held.body.booking.tempBookId as string;
  const saved = await t.call('save-booking', { ref, method: 'free' }, client.token);
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  return ref;
}

describe('booking mails link to the recipient’s own country and language', () => {
  it("a Mexican client's mail opens /mx/es/, the Argentine professional's /ar/es/", async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'Lucía' });
    const client = await makeUser(t, { countryId: countryIds.MX, timeZone: 'America/Mexico_City' });
    const ref = await book(client, pro.id, '2026-11-24T15:00:00.000Z');

    const toClient = await lastMailTo(client.email);
    expect(toClient.text_body).toContain(`http://agendo.test/mx/es/my-bookings/${ref}`);
    expect(toClient.text_body).not.toContain('/ar/es/');
    expect(icsOf(toClient).getFirstPropertyValue('url')).toBe(`http://agendo.test/mx/es/my-bookings/${ref}`);

    const toPro = await lastMailTo(pro.email);
    expect(toPro.text_body).toContain(`http://agendo.test/ar/es/bookings/${ref}`);
  });

  it('an English-speaking user gets /…/en/ links, in the mail and in the invitation', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: countryIds.US, lang: 'en' });
    const client = await makeUser(t, { countryId: countryIds.CL, lang: 'en' });
    const ref = await book(client, pro.id, '2026-11-25T15:00:00.000Z');

    expect((await lastMailTo(client.email)).text_body).toContain(
      `http://agendo.test/cl/en/my-bookings/${ref}`,
    );
    const toPro = await lastMailTo(pro.email);
    expect(toPro.text_body).toContain(`http://agendo.test/us/en/bookings/${ref}`);
    expect(icsOf(toPro).getFirstPropertyValue('url')).toBe(`http://agendo.test/us/en/bookings/${ref}`);
  });

  it('the invitation and its cancellation name organizer and attendee (RFC 5546)', async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'María José' });
    const client = await makeUser(t, { firstName: 'Íñigo' });
    const ref = await book(client, pro.id, '2026-11-26T15:00:00.000Z');
    const request = icsOf(await lastMailTo(client.email));
    expect(String(request.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${pro.email}`);
    expect(String(request.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${client.email}`);

    await t.call('cancel-booking', { ref }, client.token);
    const cancel = icsOf(await lastMailTo(pro.email));
    expect(cancel.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.getFirstPropertyValue('uid')).toBe(request.getFirstPropertyValue('uid'));
    expect(Number(cancel.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(request.getFirstPropertyValue('sequence')),
    );
    expect(String(cancel.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${pro.email}`);
    expect(String(cancel.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${client.email}`);
  });

  it("the door QR opens the appointment in the professional's own country", async () => {
    const pro = await makeUser(t, { userType: 1, countryId: countryIds.CL });
    const client = await makeUser(t);
    const ref = await book(client, pro.id, '2026-11-27T15:00:00.000Z');
    const qr = await t.call('generete-booking-qr', { ref }, client.token);
    expect(qr.body.url).toBe(`http://agendo.test/cl/es/bookings/${ref}`);
  });
});

describe('the reminder names the right day (issue 34)', () => {
  it("a session a minute away is today's, tomorrow's is tomorrow's, in each reader's zone", async () => {
    const pro = await makeUser(t, { userType: 1 });
    const client = await makeUser(t);
    const ref = await book(client, pro.id, '2026-11-23T13:00:00.000Z');
    const { id } = await t.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow();
    const before = t.clock.now;
    try {
      t.clock.now = new Date('2026-11-23T12:59:00.000Z');
      await sendBookingMail(t.deps, t.deps.db, id, 'reminder');
      expect((await lastMailTo(client.email)).subject).toMatch(/^Recordatorio: tu cita de hoy, /);
      expect((await lastMailTo(pro.email)).subject).toMatch(/^Recordatorio: cita de hoy, /);
      t.clock.now = new Date('2026-11-22T13:00:00.000Z');
      await sendBookingMail(t.deps, t.deps.db, id, 'reminder');
      expect((await lastMailTo(client.email)).subject).toMatch(/^Recordatorio: tu cita de mañana, /);
    } finally {
      t.clock.now = before;
    }
  });

  it('a later day is named by its date', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    const zone = 'America/Argentina/Buenos_Aires';
    expect(dayOfAppointment('2026-11-24T15:00:00.000Z', now, zone)).toBe('del martes 24 de noviembre');
    // 23:30 in Buenos Aires is still the 22nd there, though the 23rd in UTC.
    expect(dayOfAppointment('2026-11-23T02:30:00.000Z', now, zone)).toBe('de hoy');
  });
});
