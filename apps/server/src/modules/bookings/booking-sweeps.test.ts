import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { saleRow } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runDueBookingWork } from './booking-sweeps.ts';

// Clock: Sunday 2026-11-22 12:00 UTC = 09:00 in Buenos Aires = 13:00 in Madrid.
let pro: Awaited<ReturnType<typeof makeUser>>;
const start = new Date('2026-11-22T12:00:00Z');

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1, firstName: 'Lucía' });
});

async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  t.clock.now = new Date(iso);
  try {
    return await work();
  } finally {
    t.clock.now = start;
  }
}

const row = (ref: string) =>
  t.deps.db.selectFrom('bookings').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

async function mailsTo(email: string) {
  return t.deps.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
}

describe('timed work from the database', () => {
  it('expires a hold only after its time, voiding its sale', async () => {
    const pub = await makePublication(t, pro.id);
    const client = await makeUser(t);
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-24T13:00:00.000Z' },
      client.token,
    );
    const ref = held.body.booking.tempBookId as string;
    await at('2026-11-22T12:14:00Z', () => runDueBookingWork(t.deps));
    expect((await row(ref)).state).toBe('held');
    const done = await at('2026-11-22T12:15:01Z', () => runDueBookingWork(t.deps));
    expect(done.expiredHolds).toBeGreaterThanOrEqual(1);
    const r = await row(ref);
    expect(r).toMatchObject({ state: 'cancelled', cancel_reason: 'expired' });
    const sale = await saleRow(t, r.sale_id as number);
    expect(sale.state).toBe('void');
  });

  it('voids a price the client did not confirm within 24 hours, not a second earlier', async () => {
    const pub = await makePublication(t, pro.id, { hide_price: 1, price: 0 });
    const client = await makeUser(t);
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-26T13:00:00.000Z' },
      client.token,
    );
    const ref = held.body.booking.tempBookId as string;
    await t.call('save-booking', { ref, method: 'manual' }, client.token);
    await t.call('confirm-booking-price', { ref, newPrice: 5000, payCash: 0, payCard: 1 }, pro.token);
    await at('2026-11-23T11:59:59Z', () => runDueBookingWork(t.deps));
    expect((await row(ref)).state).toBe('pending');
    await at('2026-11-23T12:00:00Z', () => runDueBookingWork(t.deps));
    expect(await row(ref)).toMatchObject({ state: 'cancelled', cancel_reason: 'price-expired' });
    const mails = await mailsTo(client.email);
    expect(mails.map((m) => m.subject)).toContain('Cita cancelada: Sesión de prueba');
  });

  it('sends one reminder per appointment, whatever the number of passes, with both local times and an .ics', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Av. Callao 500' });
    const client = await makeUser(t, { countryId: 5, timeZone: 'Europe/Madrid', firstName: 'Marta' });
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-23T13:00:00.000Z', userTime: 'Europe/Madrid' },
      client.token,
    );
    const ref = held.body.booking.tempBookId as string;
    await t.call('save-booking', { ref, method: 'cash' }, client.token);
    const booked = await mailsTo(client.email);
    expect(booked.at(-1)?.subject).toBe('Tu cita está reservada: Sesión de prueba');

    // 25 hours before: not yet; within 24 hours: once, even with two passes at the same time.
    await runDueBookingWork(t.deps);
    expect((await row(ref)).reminder_sent_at).toBeNull();
    await at('2026-11-22T13:30:00Z', async () => {
      await Promise.all([runDueBookingWork(t.deps), runDueBookingWork(t.deps)]);
      await runDueBookingWork(t.deps);
    });
    const reminders = (await mailsTo(client.email)).filter((m) => m.template === 'booking-reminder');
    expect(reminders).toHaveLength(1);
    const toPro = (await mailsTo(pro.email)).filter(
      (m) => m.text_body.includes(ref) && m.template === 'booking-reminder',
    );
    expect(toPro).toHaveLength(1);

    const mail = reminders[0];
    expect(mail?.text_body).toContain('lunes 23 de noviembre de 2026, 14:00 (hora de Madrid)');
    expect(mail?.text_body).toContain(
      'Para Lucía Prueba: lunes 23 de noviembre de 2026, 10:00 (hora de Buenos Aires)',
    );
    expect(mail?.text_body).toContain('Lugar: Av. Callao 500.');
    const [ics] = JSON.parse(mail?.attachments ?? '[]') as { filename: string; content: string }[];
    expect(ics?.filename).toBe('cita.ics');
    expect(ics?.content).toContain('BEGIN:VCALENDAR');
    expect(ics?.content).toContain('DTSTART:20261123T130000Z');
    expect(ics?.content).toContain(`UID:${ref}@agendo`);
    expect(ics?.content).toContain('METHOD:REQUEST');
    expect((await row(ref)).reminder_sent_at).not.toBeNull();
  });

  it('mails a cancellation with METHOD:CANCEL so calendars drop the event', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'X' });
    const client = await makeUser(t);
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-28T13:00:00.000Z' },
      client.token,
    );
    const ref = held.body.booking.tempBookId as string;
    await t.call('save-booking', { ref, method: 'cash' }, client.token);
    await t.call('cancel-booking', { ref }, client.token);
    const last = (await mailsTo(pro.email)).at(-1);
    expect(last?.subject).toBe('Cita cancelada: Sesión de prueba');
    const [ics] = JSON.parse(last?.attachments ?? '[]') as { content: string }[];
    expect(ics?.content).toContain('METHOD:CANCEL');
    expect(ics?.content).toContain('STATUS:CANCELLED');
  });
});
