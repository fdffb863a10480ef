import type { DB } from '../../db/database.ts';
import type { OneTimePurpose } from '../../db/schema.ts';

export async function insertSession(
  db: DB,
  row: {
    tokenHash: string;
    userId: number;
    now: string;
    expiresAt: string;
    ip: string | null;
    userAgent: string | null;
    corporateOwnerId?: number;
    permissions?: string;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
      ip: row.ip,
      user_agent: row.userAgent,
      corporate_owner_id: row.corporateOwnerId ?? null,
      permissions: row.permissions ?? null,
    })
    .execute();
}

/**
 * The session and the user it acts as: its own user, or for a corporate session the
 * corporate account (the member stays in `actorId`).
 */
export function findLiveSessionByHash(db: DB, tokenHash: string) {
  let base = sessionQueries.get(db);
  if (!base) {
    base = sessionQuery(db);
    sessionQueries.set(db, base);
  }
  return base.where('sessions.token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Every signed-in request runs this; building the join and the select list anew was most of
 * its cost (issue 13 profile: the query itself takes ~0.04 ms on SQLite). Kysely builders are
 * immutable, so the base is built once per database handle and only the token is added.
 */
const sessionQueries = new WeakMap<DB, ReturnType<typeof sessionQuery>>();

function sessionQuery(db: DB) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', (join) =>
      join.on((eb) => eb('users.id', '=', eb.fn.coalesce('sessions.corporate_owner_id', 'sessions.user_id'))),
    )
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.user_id as actorId',
      'sessions.permissions as permissions',
      'users.id as userId',
      'users.ref as userRef',
      'users.user_type as userType',
      'users.is_admin as isAdmin',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.email as email',
    ])
    .where('sessions.revoked_at', 'is', null);
}

export async function touchSessionRow(db: DB, sessionId: number, now: string) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** Answers the ids it revoked, so their sockets can be closed too. */
export async function revokeSession(db: DB, sessionId: number, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function revokeSessionsOfUser(
  db: DB,
  userId: number,
  now: string,
  exceptSessionId?: number,
): Promise<number[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** A closed account's own sessions and its team's corporate sessions on it. */
export async function revokeSessionsOfAccount(db: DB, userId: number, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('corporate_owner_id', '=', userId)]))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertOneTimeToken(
  db: DB,
  row: {
    tokenHash: string;
    userId: number;
    purpose: OneTimePurpose;
    payload: string | null;
    now: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      purpose: row.purpose,
      payload: row.payload,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

export function findOneTimeToken(db: DB, tokenHash: string, purposes: OneTimePurpose[]) {
  return db
    .selectFrom('one_time_tokens')
    .select(['id', 'user_id as userId', 'purpose', 'payload', 'expires_at as expiresAt', 'used_at as usedAt'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .executeTakeFirst();
}

/** Marks the token used; answers false when another request used it first. */
export async function consumeOneTimeToken(db: DB, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link of a purpose voids the older unused ones (only the latest mail works). */
export async function voidOneTimeTokens(db: DB, userId: number, purpose: OneTimePurpose, now: string) {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
