import { DELETION_CONFIRM_WORD } from '@agendo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../config.ts';
import type { NewPublication } from '../../db/tables/catalogue.ts';
import type { CalendarImitation } from '../../providers/calendars/calendar-imitation.ts';
import { holdAndBook, makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { countRowsOfUser, registeredUser } from '../../test/user-fixtures.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { runDueCalendarWork } from './external-calendars.service.ts';

/**
 * Issue 18: calendar and video linking end to end over HTTP. The server listens on a real port
 * and the real adapters (Google Calendar, Microsoft Graph, CalDAV, Zoom) talk to the imitation
 * it serves under /imitation/, as the demo does; the OAuth consent page is driven like a browser.
 */
const t = useTestApp({}, {}, { listen: true });
let base: string;
let imitation: CalendarImitation;

beforeAll(() => {
  base = t.config.publicUrl;
  imitation = t.deps.calendars.imitation as CalendarImitation;
});

/** Follows the consent flow as a browser: the consent page, "Permitir", the return to the app. */
async function linkThroughConsent(
  token: string,
  provider: 'google' | 'outlook' | 'zoom',
  decision = 'allow',
) {
  const started = await t.call('start-calendar-link', { provider }, token);
  expect(started.statusCode).toBe(200);
  const consentUrl = new URL(started.body.url);
  const consent = await fetch(consentUrl);
  expect(consent.status).toBe(200);
  expect(await consent.text()).toContain('Permitir');
  const q = consentUrl.searchParams;
  const approved = await fetch(consentUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: q.get('redirect_uri') ?? '',
      state: q.get('state') ?? '',
      client_id: q.get('client_id') ?? '',
      account: q.get('login_hint') ?? '',
      decision,
    }),
  });
  expect(approved.status).toBe(302);
  const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' });
  expect(back.status).toBe(302);
  return { location: back.headers.get('location') ?? '', state: q.get('state') ?? '' };
}

/**
 * A professional with a free publication and a client, the professional linked through the
 * consent page to `provider` (none when null).
 */
async function freeSession(provider: 'google' | 'outlook' | null, over: Partial<NewPublication> = {}) {
  const pro = await makeUser(t, { userType: 1 });
  const client = await makeUser(t);
  const pub = await makePublication(t, pro.id, { no_price: 1, price: 0, ...over });
  if (provider) await linkThroughConsent(pro.token, provider);
  return { pro, client, pub };
}

async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 30));
  }
  return read();
}

const hours = (turns: Array<{ startsAt: string }>) => turns.map((x) => x.startsAt);
async function turnsOn(token: string, ref: string, date: string) {
  const found = await t.call('find-turns', { ref, from: date }, token);
  expect(found.statusCode).toBe(200);
  const day = (found.body.days as Array<{ date: string; turns: Array<{ startsAt: string }> }>).find(
    (d) => d.date === date,
  );
  return hours(day?.turns ?? []);
}

describe('Google Calendar through the imitation', () => {
  it('links by OAuth, keeps the tokens sealed, and answers find-calendar connected', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const before = await t.call('find-calendar', {}, pro.token);
    expect(before.body).toMatchObject({ status: '200', connected: 0, provider: null });
    expect(before.body.available).toEqual(['google', 'outlook', 'caldav']);

    const { location } = await linkThroughConsent(pro.token, 'google');
    expect(location).toBe(`${base}/ar/es/change-calendar?vinculado=1`);
    const after = await t.call('find-calendar', {}, pro.token);
    expect(after.body).toMatchObject({ connected: 1, provider: 'google', account: pro.email });
    expect(after.body.imitationPage).toContain('/imitation/calendar?provider=google');

    const row = await t.deps.db
      .selectFrom('external_links')
      .selectAll()
      .where('user_id', '=', pro.id)
      .executeTakeFirstOrThrow();
    expect(row.credentials_sealed.startsWith('v2:')).toBe(true);
    expect(row.credentials_sealed).not.toContain('refresh');
  });

  it('a busy event removes the slot from the picker and a client cannot book it; the copy is reused within the TTL', async () => {
    const { pro, client, pub } = await freeSession('google');
    // 2026-11-24 10:00–11:00 in Buenos Aires.
    imitation.addBusy('google', pro.email, {
      summary: 'Dentista',
      startsAt: '2026-11-24T13:00:00.000Z',
      endsAt: '2026-11-24T14:00:00.000Z',
    });
    const turns = await turnsOn(client.token, pub.ref, '2026-11-24');
    expect(turns).not.toContain('2026-11-24T13:00:00.000Z');
    expect(turns).toContain('2026-11-24T14:00:00.000Z');
    const refused = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-24T13:00:00.000Z' },
      client.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe('E10');

    // Added after the read: the cached copy serves until the TTL passes, then the calendar is read again.
    imitation.addBusy('google', pro.email, {
      summary: 'Otro',
      startsAt: '2026-11-24T16:00:00.000Z',
      endsAt: '2026-11-24T17:00:00.000Z',
    });
    expect(await turnsOn(client.token, pub.ref, '2026-11-24')).toContain('2026-11-24T16:00:00.000Z');
    t.clock.now = new Date(t.clock.now.getTime() + t.config.calendars.busyTtlMs + 1000);
    expect(await turnsOn(client.token, pub.ref, '2026-11-24')).not.toContain('2026-11-24T16:00:00.000Z');
  });

  it('a new booking appears in the calendar, and leaves it when cancelled', async () => {
    const { pro, client, pub } = await freeSession('google', { title: 'Sesión de yoga' });
    const ref = await holdAndBook(t, pub.ref, client.token, '2026-11-25T15:00:00.000Z');
    const events = await waitFor(
      () => imitation.events('google', pro.email),
      (list) => list.length > 0,
    );
    expect(events).toEqual([
      expect.objectContaining({
        summary: 'Sesión de yoga (Agendo)',
        startsAt: '2026-11-25T15:00:00.000Z',
        endsAt: '2026-11-25T16:00:00.000Z',
        source: 'agendo',
      }),
    ]);
    // Our own event is not read back as busy: the slot stays the booking's, nothing else blocks.
    t.clock.now = new Date(t.clock.now.getTime() + t.config.calendars.busyTtlMs + 1000);
    const busy = await t.deps.db
      .selectFrom('external_busy')
      .selectAll()
      .where('user_id', '=', pro.id)
      .execute();
    await turnsOn(client.token, pub.ref, '2026-11-25');
    const after = await t.deps.db
      .selectFrom('external_busy')
      .selectAll()
      .where('user_id', '=', pro.id)
      .execute();
    expect(busy).toEqual([]);
    expect(after).toEqual([]);

    const cancelled = await t.call('cancel-booking', { ref }, client.token);
    expect(cancelled.statusCode).toBe(200);
    expect(
      await waitFor(
        () => imitation.events('google', pro.email),
        (list) => list.length === 0,
      ),
    ).toEqual([]);
  });

  it('with Meet on the publication, the online booking carries the Meet link', async () => {
    const { client, pub } = await freeSession('google', { platform_video_call: 2 });
    const ref = await holdAndBook(t, pub.ref, client.token, '2026-11-25T17:00:00.000Z');
    const view = await waitFor(
      async () => (await t.call('find-booking', { ref }, client.token)).body.booking,
      (b) => b.linkVideoCall !== null,
    );
    expect(view.platformVideoCall).toBe(2);
    expect(view.linkVideoCall).toMatch(/^https:\/\/meet\.google\.com\//);
  });

  it('refreshes an expired access token with the refresh token and keeps working', async () => {
    const { pro, client, pub } = await freeSession('google');
    const sealedBefore = (
      await t.deps.db
        .selectFrom('external_links')
        .select('credentials_sealed')
        .where('user_id', '=', pro.id)
        .executeTakeFirstOrThrow()
    ).credentials_sealed;
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
    imitation.addBusy('google', pro.email, {
      summary: 'Tarde',
      startsAt: '2026-11-26T18:00:00.000Z',
      endsAt: '2026-11-26T19:00:00.000Z',
    });
    expect(await turnsOn(client.token, pub.ref, '2026-11-26')).not.toContain('2026-11-26T18:00:00.000Z');
    const sealedAfter = (
      await t.deps.db
        .selectFrom('external_links')
        .select('credentials_sealed')
        .where('user_id', '=', pro.id)
        .executeTakeFirstOrThrow()
    ).credentials_sealed;
    expect(sealedAfter).not.toBe(sealedBefore);
  });

  it('a provider that cannot be reached never loses the booking: the work is retried by the sweep', async () => {
    const { pro, client, pub } = await freeSession('google');
    const publicUrl = t.config.publicUrl;
    t.config.publicUrl = 'http://127.0.0.1:1';
    try {
      // Booked (holdAndBook checks both answers are 200) though the calendar cannot be reached.
      const ref = await holdAndBook(t, pub.ref, client.token, '2026-11-27T13:00:00.000Z');
      const owed = await waitFor(
        () =>
          t.deps.db
            .selectFrom('booking_external')
            .selectAll()
            .where('professional_id', '=', pro.id)
            .executeTakeFirst(),
        (row) => (row?.attempts ?? 0) > 0,
      );
      expect(owed).toMatchObject({ work: 'write', attempts: 1 });
      expect(owed?.last_error).toBeTruthy();
      const booking = await t.call('find-booking', { ref }, client.token);
      expect(booking.body.booking.state).toBe('confirmed');
    } finally {
      t.config.publicUrl = publicUrl;
    }
    expect(imitation.events('google', pro.email)).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 60_000);
    await runDueCalendarWork(t.deps);
    expect(imitation.events('google', pro.email)).toHaveLength(1);
    const pending = await t.call('find-calendar', {}, pro.token);
    expect(pending.body.pendingSync).toBe(0);
  });
});

describe('Zoom through the imitation', () => {
  it('links Zoom, and the next online booking of a Zoom publication carries its meeting link', async () => {
    const { pro, client, pub } = await freeSession(null, { platform_video_call: 3 });
    // Not connected yet: the own room is the fallback (spec 000 §4).
    const first = await holdAndBook(t, pub.ref, client.token, '2026-11-24T13:00:00.000Z');
    const own = (await t.call('find-booking', { ref: first }, client.token)).body.booking;
    expect(own).toMatchObject({ platformVideoCall: 1, linkVideoCall: null });

    const { location } = await linkThroughConsent(pro.token, 'zoom');
    expect(location).toBe(`${base}/ar/es/connect-zoom?vinculado=1`);
    expect((await t.call('find-zoom-connect', {}, pro.token)).body).toMatchObject({
      status: '200',
      connected: 1,
      provider: 'zoom',
    });

    const ref = await holdAndBook(t, pub.ref, client.token, '2026-11-24T15:00:00.000Z');
    const view = await waitFor(
      async () => (await t.call('find-booking', { ref }, client.token)).body.booking,
      (b) => b.linkVideoCall !== null,
    );
    expect(view.platformVideoCall).toBe(3);
    expect(view.linkVideoCall).toMatch(/^https:\/\/zoom\.us\/j\/\d+/);
    expect(view.passVideoCall).toBeTruthy();
    const meetings = imitation.meetings(pro.email);
    expect(meetings).toEqual([
      expect.objectContaining({
        joinUrl: view.linkVideoCall,
        startsAt: '2026-11-24T15:00:00.000Z',
        minutes: 60,
      }),
    ]);

    await t.call('cancel-booking', { ref }, client.token);
    expect(
      await waitFor(
        () => imitation.meetings(pro.email),
        (m) => m.length === 0,
      ),
    ).toEqual([]);
  });
});

describe('Outlook and CalDAV through the imitation', () => {
  it('Outlook: links by OAuth, reads busy times from calendarView and writes the booking', async () => {
    const { pro, client, pub } = await freeSession('outlook');
    expect((await t.call('find-calendar', {}, pro.token)).body).toMatchObject({
      connected: 1,
      provider: 'outlook',
      account: pro.email,
    });
    imitation.addBusy('outlook', pro.email, {
      summary: 'Reunión',
      startsAt: '2026-11-24T14:00:00.000Z',
      endsAt: '2026-11-24T15:30:00.000Z',
    });
    const turns = await turnsOn(client.token, pub.ref, '2026-11-24');
    expect(turns).not.toContain('2026-11-24T14:00:00.000Z');
    expect(turns).not.toContain('2026-11-24T15:00:00.000Z');
    expect(turns).toContain('2026-11-24T16:00:00.000Z');
    await holdAndBook(t, pub.ref, client.token, '2026-11-24T16:00:00.000Z');
    const events = await waitFor(
      () => imitation.events('outlook', pro.email),
      (list) => list.length > 1,
    );
    expect(events.find((e) => e.source === 'agendo')).toMatchObject({
      startsAt: '2026-11-24T16:00:00.000Z',
      endsAt: '2026-11-24T17:00:00.000Z',
    });
  });

  it('CalDAV: a wrong password is refused; the right one links, reads busy events and PUTs the booking', async () => {
    const { pro, client, pub } = await freeSession(null);
    const hint = (await t.call('find-calendar', {}, pro.token)).body.caldavHint as string;
    expect(hint).toBe(`${base}/imitation/caldav/${pro.ref}/calendar/`);
    const first = await t.call(
      'save-caldav-calendar',
      { url: hint, username: pro.ref, password: 'clave-buena' },
      pro.token,
    );
    expect(first.body).toMatchObject({ status: '200', connected: 1 });
    const wrong = await t.call(
      'save-caldav-calendar',
      { url: hint, username: pro.ref, password: 'otra' },
      pro.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'E26', field: 'url' });
    imitation.addBusy('caldav', pro.ref, {
      summary: 'Clase',
      startsAt: '2026-11-24T13:00:00.000Z',
      endsAt: '2026-11-24T14:00:00.000Z',
    });
    expect(await turnsOn(client.token, pub.ref, '2026-11-24')).not.toContain('2026-11-24T13:00:00.000Z');
    await holdAndBook(t, pub.ref, client.token, '2026-11-24T17:00:00.000Z');
    const events = await waitFor(
      () => imitation.events('caldav', pro.ref),
      (list) => list.some((e) => e.source === 'agendo'),
    );
    expect(events.find((e) => e.source === 'agendo')).toMatchObject({
      startsAt: '2026-11-24T17:00:00.000Z',
      endsAt: '2026-11-24T18:00:00.000Z',
    });
  });
});

describe('authorization and validation', () => {
  it('only professionals, and only the account holder, link; a client is refused', async () => {
    const client = await makeUser(t);
    const refused = await t.call('find-calendar', {}, client.token);
    expect(refused.statusCode).toBe(403);
    const pro = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, pro.id, member.id, { calendarEdit: true });
    const start = await t.call('start-calendar-link', { provider: 'google' }, team);
    expect(start.body).toMatchObject({ status: '400', code: 'E20' });
    const caldav = await t.call(
      'save-caldav-calendar',
      { url: 'https://dav.example.com/cal/', username: 'a', password: 'b' },
      team,
    );
    expect(caldav.body.code).toBe('E20');
    const anonymous = await t.call('find-zoom-connect', {}, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('a state is good once, for its own provider; a cancelled consent links nothing', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const cancelled = await linkThroughConsent(pro.token, 'google', 'deny');
    expect(cancelled.location).toBe(`${base}/ar/es/change-calendar?error=cancelado`);
    expect((await t.call('find-calendar', {}, pro.token)).body.connected).toBe(0);
    const reused = await fetch(`${base}/calendar-link/callback/google?code=x&state=${cancelled.state}`, {
      redirect: 'manual',
    });
    expect(reused.headers.get('location')).toBe(`${base}/`);
    const started = await t.call('start-calendar-link', { provider: 'zoom' }, pro.token);
    const state = new URL(started.body.url).searchParams.get('state');
    const crossed = await fetch(`${base}/calendar-link/callback/google?code=x&state=${state}`, {
      redirect: 'manual',
    });
    expect(crossed.headers.get('location')).toBe(`${base}/`);
    expect((await t.call('find-calendar', {}, pro.token)).body.connected).toBe(0);
    expect((await t.call('find-zoom-connect', {}, pro.token)).body.connected).toBe(0);
  });

  it('unlinking forgets the link and its busy times', async () => {
    const { pro, client, pub } = await freeSession('google');
    imitation.addBusy('google', pro.email, {
      summary: 'X',
      startsAt: '2026-11-24T19:00:00.000Z',
      endsAt: '2026-11-24T20:00:00.000Z',
    });
    expect(await turnsOn(client.token, pub.ref, '2026-11-24')).not.toContain('2026-11-24T19:00:00.000Z');
    const res = await t.call('unlink-calendar', { kind: 'calendar' }, pro.token);
    expect(res.body).toEqual({ status: '200', connected: 0 });
    expect(await turnsOn(client.token, pub.ref, '2026-11-24')).toContain('2026-11-24T19:00:00.000Z');
  });

  it('unlinking revokes the grant at the provider (RFC 7009), not only the copy kept here', async () => {
    const { pro } = await freeSession('google');
    expect(imitation.liveGrants('google', pro.email)).toBe(1);
    await t.call('unlink-calendar', { kind: 'calendar' }, pro.token);
    expect(imitation.liveGrants('google', pro.email)).toBe(0);
  });

  it('closing the account revokes its calendar and Zoom grants and forgets them', async () => {
    const pro = await registeredUser(t, 1);
    await linkThroughConsent(pro.token, 'google');
    await linkThroughConsent(pro.token, 'zoom');
    expect(imitation.liveGrants('google', pro.userMail)).toBe(1);
    expect(imitation.liveGrants('zoom', pro.userMail)).toBe(1);
    const closed = await t.call(
      'request-account-deletion',
      { userPassword: pro.userPassword, confirmation: DELETION_CONFIRM_WORD },
      pro.token,
    );
    expect(closed.statusCode).toBe(200);
    expect(imitation.liveGrants('google', pro.userMail)).toBe(0);
    expect(imitation.liveGrants('zoom', pro.userMail)).toBe(0);
    expect(await countRowsOfUser(t, 'external_links', pro.id)).toBe(0);
  });

  it.each([
    [{ provider: 'yahoo' }, 'start-calendar-link', 'E21'],
    [{ url: 'no es una url', username: 'a', password: 'b' }, 'save-caldav-calendar', 'E23'],
    [{ url: 'https://dav.example.com/', username: '  ', password: 'b' }, 'save-caldav-calendar', 'E24'],
    [{ url: 'https://dav.example.com/', username: 'a', password: '' }, 'save-caldav-calendar', 'E25'],
    [{ kind: 'otro' }, 'unlink-calendar', 'E21'],
  ] as const)('%o to %s answers %s', async (input, action, code) => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call(action, input, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe(code);
  });

  // Issue 28: the server would call the address; outside production too, only the imitation's passes.
  it.each([
    'http://127.0.0.1:6379/',
    'http://2130706433/dav/',
    'http://0177.0.0.1/dav/',
    'http://localhost./dav/',
    'https://dav.localhost/',
    'http://[::1]:8080/',
    'http://[::ffff:127.0.0.1]/dav/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/dav/',
    'http://172.16.4.4/dav/',
    'http://192.168.0.10/dav/',
    'http://100.64.1.1/dav/',
  ])('save-caldav-calendar refuses the inside address %s (E27)', async (url) => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('save-caldav-calendar', { url, username: 'a', password: 'b' }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E27',
      field: 'url',
      message:
        'La dirección de tu calendario debe ser un servidor de internet (https://…); no se admiten direcciones locales ni de redes privadas.',
    });
  });

  it('production refuses the imitation', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production', CALENDAR_IMITATION: '1' })).toThrow(ConfigError);
    try {
      configFromEnv({ NODE_ENV: 'production', CALENDAR_IMITATION: '1' });
    } catch (error) {
      expect((error as ConfigError).problems.some((p) => p.startsWith('CALENDAR_IMITATION:'))).toBe(true);
    }
  });
});
