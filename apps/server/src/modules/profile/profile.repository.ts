import type { Updateable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { UserProfilesTable } from '../../db/tables/profile.ts';

type ProfileChanges = Omit<Updateable<UserProfilesTable>, 'user_id' | 'updated_at'>;

export function findProfile(db: DB, userId: number) {
  return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whose profile holds a nickname, whatever its case (nickname_key is unique). */
export function findNicknameOwner(db: DB, nicknameKey: string) {
  return db
    .selectFrom('user_profiles')
    .select('user_id')
    .where('nickname_key', '=', nicknameKey)
    .executeTakeFirst();
}

/** Writes some of a user's profile fields, creating the row on the first edit. */
export async function saveProfile(db: DB, userId: number, changes: ProfileChanges, now: string) {
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...changes, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

/** A unique index refused the write (SQLite's and PostgreSQL's own codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The profile row of the professional a nickname names (the short link /go/{nickname}). */
export function findProfessionalByNickname(db: DB, nicknameKey: string) {
  return db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select(['users.ref', 'users.country_id', 'users.lang'])
    .where('user_profiles.nickname_key', '=', nicknameKey)
    .where('users.user_type', '=', 1)
    .executeTakeFirst();
}

/** my-business: the professional's services and workshops that are not deleted, newest first. */
export async function listBusinessItems(db: DB, userId: number) {
  const [services, workshops] = await Promise.all([
    db
      .selectFrom('publications')
      .select(['ref', 'title', 'paused'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('workshops')
      .select(['ref', 'title', 'paused'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return { services, workshops };
}

/** my-business figures, each a single aggregate query; counts are numbers on both databases. */
export async function businessFigures(db: DB, userId: number, now: string, monthAgo: string) {
  const live = ['pending', 'confirmed', 'done'] as const;
  const countLiveBookings = () =>
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('professional_id', '=', userId)
      .where('state', 'in', live);
  const [upcoming, recent, contacts, income, rating, unanswered, students] = await Promise.all([
    countLiveBookings().where('starts_at', '>=', now).executeTakeFirstOrThrow(),
    countLiveBookings()
      .where('starts_at', '>=', monthAgo)
      .where('starts_at', '<', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('professional_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => ['currency', eb.fn.sum<number | string>('price_minor').as('amount')])
      .where('professional_id', '=', userId)
      .where('state', '!=', 'cancelled')
      .where('pay', '=', 1)
      .where('starts_at', '>=', monthAgo)
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
    ratingOf(db, userId),
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('professional_id', '=', userId)
      .where('answer', 'is', null)
      .where('hidden', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('enrolments')
      .innerJoin('workshops', 'workshops.id', 'enrolments.workshop_id')
      .select((eb) => eb.fn.count<number | string>('enrolments.user_id').distinct().as('n'))
      .where('workshops.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    upcomingBookings: Number(upcoming.n),
    bookingsLast30Days: Number(recent.n),
    contacts: Number(contacts.n),
    incomeLast30Days: income.map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0) })),
    ratingAverage: rating.average,
    ratingCount: rating.count,
    unansweredQuestions: Number(unanswered.n),
    students: Number(students.n),
  };
}

/** The clients' ratings of a professional's appointments (spec 000 §3 rate). */
export async function ratingOf(db: DB, professionalId: number) {
  const row = await db
    .selectFrom('booking_ratings')
    .innerJoin('bookings', 'bookings.id', 'booking_ratings.booking_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.avg<number | string | null>('booking_ratings.stars').as('average'),
    ])
    .where('bookings.professional_id', '=', professionalId)
    .where('booking_ratings.role', '=', 'client')
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return {
    count,
    average: count === 0 || row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
  };
}

/** The latest answered, visible questions on a professional's services (the public page). */
export function latestAnsweredQuestions(db: DB, professionalId: number, limit: number) {
  return db
    .selectFrom('questions')
    .innerJoin('publications', 'publications.id', 'questions.publication_id')
    .select(['questions.ref', 'questions.text', 'questions.answer', 'publications.title'])
    .where('questions.professional_id', '=', professionalId)
    .where('questions.answer', 'is not', null)
    .where('questions.hidden', '=', 0)
    .where('questions.answer_hidden', '=', 0)
    .where('publications.deleted_at', 'is', null)
    .orderBy('questions.answered_at', 'desc')
    .limit(limit)
    .execute();
}

/** A professional's account by its public ref, for the public page's server-rendered card. */
export function findProfessionalAccount(db: DB, ref: string) {
  return db
    .selectFrom('users')
    .select(['id', 'ref', 'first_name', 'last_name', 'img', 'country_id'])
    .where('ref', '=', ref)
    .where('user_type', '=', 1)
    .executeTakeFirst();
}

/** What professionals-list shows of each professional: selected and grouped by, beside the counts. */
const listedProfessionalColumns = [
  'users.id',
  'users.ref',
  'users.first_name',
  'users.last_name',
  'users.img',
  'user_profiles.business_name',
  'user_profiles.logo_square',
] as const;

/** professionals-list: professionals with a live (not paused, not deleted) service, newest first. */
export async function listListedProfessionals(db: DB, therapyId: number | null, limit: number) {
  let query = db
    .selectFrom('users')
    .innerJoin('publications', 'publications.user_id', 'users.id')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select((eb) => [
      ...listedProfessionalColumns,
      eb.fn.count<number | string>('publications.id').distinct().as('services'),
      eb.fn.max('publications.id').as('latest'),
    ])
    .where('users.user_type', '=', 1)
    .where('publications.deleted_at', 'is', null)
    .where('publications.paused', '=', 0);
  if (therapyId !== null) query = query.where('publications.therapy_id', '=', therapyId);
  const rows = await query
    .groupBy(listedProfessionalColumns)
    .orderBy('latest', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, services: Number(r.services) }));
}

/** The clients' ratings of several professionals at once, by professional id. */
export async function ratingsOf(db: DB, professionalIds: readonly number[]) {
  if (professionalIds.length === 0) return new Map<number, { average: number; count: number }>();
  const rows = await db
    .selectFrom('booking_ratings')
    .innerJoin('bookings', 'bookings.id', 'booking_ratings.booking_id')
    .select((eb) => [
      'bookings.professional_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.avg<number | string>('booking_ratings.stars').as('average'),
    ])
    .where('bookings.professional_id', 'in', [...professionalIds])
    .where('booking_ratings.role', '=', 'client')
    .groupBy('bookings.professional_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.professional_id,
      { count: Number(r.n), average: Math.round(Number(r.average) * 10) / 10 },
    ]),
  );
}
