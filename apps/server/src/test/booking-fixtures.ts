import type { Insertable } from 'kysely';
import type { BookingsTable } from '../db/tables/bookings.ts';
import type { NewPublication } from '../db/tables/catalogue.ts';
import { newRef } from '../lib/random.ts';
import { createSession } from '../modules/auth/auth.service.ts';
import { insertEveryDayPublication } from './publication-row.ts';
import type { TestApp } from './test-app.ts';

let seq = 0;

/**
 * An account with a session, written directly: the booking tests need dozens of clients and
 * registering each (argon2 hashing) would dominate their run time.
 */
export async function makeUser(
  t: TestApp,
  over: {
    userType?: 1 | 2;
    countryId?: number;
    lang?: 'es' | 'en';
    timeZone?: string;
    firstName?: string;
    phone?: string;
  } = {},
): Promise<{ id: number; token: string; email: string; ref: string }> {
  seq += 1;
  const now = t.clock.now.toISOString();
  const ref = newRef();
  const email = `fixture${seq}-${ref.slice(0, 6).toLowerCase()}@example.com`;
  const row = await t.deps.db
    .insertInto('users')
    .values({
      ref,
      email,
      password_hash: 'not-a-real-hash',
      first_name: over.firstName ?? `Persona${seq}`,
      last_name: 'Prueba',
      user_type: over.userType ?? 2,
      country_id: over.countryId ?? 5,
      lang: over.lang ?? 'es',
      time_zone: over.timeZone ?? 'America/Argentina/Buenos_Aires',
      phone: over.phone ?? null,
      img: null,
      email_verified_at: now,
      pending_email: null,
      // A professional who can take bookings (spec 000 §4: card added or plan 4).
      card_added: 1,
      user_plan: 4,
      signup_ref: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(t.deps, row.id, { ip: null, userAgent: 'test' });
  return { id: row.id, token, email, ref };
}

/** A weekly-calendar publication open Monday to Sunday `from`–`to` (professional's time). */
export async function makePublication(
  t: TestApp,
  professionalId: number,
  over: Partial<NewPublication> = {},
  hours: { from: string; to: string } = { from: '09:00', to: '18:00' },
): Promise<{ id: number; ref: string }> {
  const now = t.clock.now.toISOString();
  return insertEveryDayPublication(t.deps.db, professionalId, now, { notice_min: 0, ...over }, hours);
}

/**
 * A client holding a card-priced slot of a fresh (Argentine) professional, with the card
 * payment started: the provider's answer is in `started`.
 */
export async function startCardPayment(t: TestApp, startsAt = '2026-11-24T13:00:00.000Z') {
  const pro = await makeUser(t, { userType: 1 });
  const client = await makeUser(t);
  const pub = await makePublication(t, pro.id, { price: 800000 });
  const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, client.token);
  const bookingRef: string = held.body.booking.tempBookId;
  const started = await t.call('start-payment', { ref: bookingRef }, client.token);
  const paymentRef: string = started.body.paymentRef;
  return { pro, client, bookingRef, paymentRef, started: started.body };
}

/** Holds `startsAt` of publication `pubRef` for the client and books it with `method`; answers its ref. */
export async function holdAndBook(
  t: TestApp,
  pubRef: string,
  clientToken: string,
  startsAt: string,
  method: 'free' | 'cash' = 'free',
): Promise<string> {
  const held = await t.call('save-temp-booking', { ref: pubRef, startsAt }, clientToken);
  if (held.statusCode !== 200) throw new Error(`hold failed: ${JSON.stringify(held.body)}`);
  const ref: string = held.body.booking.tempBookId;
  const saved = await t.call('save-booking', { ref, method }, clientToken);
  if (saved.statusCode !== 200) throw new Error(`booking failed: ${JSON.stringify(saved.body)}`);
  return ref;
}

/**
 * A booking row to write straight to the table, for tests that need bookings in given states
 * without going through the booking flow: confirmed, `minutes` long, with no client or contact.
 */
export function bookingRow(
  at: { publicationId: number; professionalId: number; startsAt: string; minutes?: number; now: string },
  over: Partial<Insertable<BookingsTable>> = {},
): Insertable<BookingsTable> {
  return {
    ref: newRef(),
    publication_id: at.publicationId,
    professional_id: at.professionalId,
    client_id: null,
    contact_id: null,
    starts_at: new Date(at.startsAt).toISOString(),
    ends_at: new Date(Date.parse(at.startsAt) + (at.minutes ?? 60) * 60_000).toISOString(),
    state: 'confirmed',
    hold_expires_at: null,
    created_at: at.now,
    updated_at: at.now,
    ...over,
  };
}
