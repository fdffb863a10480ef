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
