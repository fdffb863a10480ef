import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

async function bookCash(pubRef: string, startsAt: string) {
  const client = await makeUser(t);
  const held = await t.call('save-temp-booking', { ref: pubRef, startsAt }, client.token);
  await t.call('save-booking', { ref: held.body.booking.tempBookId, method: 'cash' }, client.token);
  return held.body.booking.tempBookId as string;
}

describe('private calendar feed', () => {
  it("serves the professional's appointments at a secret address, nobody else's, and a reset retires it", async () => {
    const pro = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const mine = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Av. 1' });
    const theirs = await makePublication(t, other.id, { modality_id: 2, pay_cash: 1, address: 'Av. 2' });
    const ref = await bookCash(mine.ref, '2026-11-24T13:00:00.000Z');
    const foreign = await bookCash(theirs.ref, '2026-11-24T15:00:00.000Z');

    const first = await t.call('find-calendar-feed', {}, pro.token);
    expect(first.body.url).toMatch(/^http:\/\/agendo\.test\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect((await t.call('find-calendar-feed', {}, pro.token)).body.url).toBe(first.body.url);
    const path = new URL(first.body.url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain(`UID:${ref}@agendo`);
    expect(feed.body).toContain('DTSTART:20261124T130000Z');
    expect(feed.body).not.toContain(foreign);

    const reset = await t.call('reset-calendar-feed', {}, pro.token);
    expect(reset.body.url).not.toBe(first.body.url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/calendar/not-a-real-token-at-all.ics' })).statusCode,
    ).toBe(404);
    // Clients have no agenda feed.
    const client = await makeUser(t);
    expect((await t.call('find-calendar-feed', {}, client.token)).body.code).toBe('E403');
  });
});
