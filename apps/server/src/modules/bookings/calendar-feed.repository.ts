import type { DB } from '../../db/database.ts';

export function findFeedOfUser(db: DB, userId: number) {
  return db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findFeedByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function saveFeed(
  db: DB,
  userId: number,
  token: string,
  tokenHash: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, token_hash: tokenHash, created_at: now }))
    .execute();
}

export async function deleteFeedOfUser(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
