import type { DB } from '../../db/database.ts';

// Presence (issue 17): one row per open socket, on whichever instance holds it, so any instance
// can tell whether an account is connected anywhere (a chat message to someone offline becomes a
// notification).

export async function insertPresence(db: DB, row: { connection: string; userId: number; at: string }) {
  await db
    .insertInto('realtime_presence')
    .values({ connection: row.connection, user_id: row.userId, seen_at: row.at })
    .execute();
}

export async function deletePresence(db: DB, connection: string) {
  await db.deleteFrom('realtime_presence').where('connection', '=', connection).execute();
}

export async function touchPresence(db: DB, connections: readonly string[], at: string) {
  if (connections.length === 0) return;
  await db
    .updateTable('realtime_presence')
    .set({ seen_at: at })
    .where('connection', 'in', [...connections])
    .execute();
}

/** Whether the account has a socket seen since `since` on any instance. */
export async function hasPresence(db: DB, userId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('realtime_presence')
    .select('id')
    .where('user_id', '=', userId)
    .where('seen_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows of sockets that an instance that died never cleared. */
export async function deleteStalePresence(db: DB, before: string) {
  await db.deleteFrom('realtime_presence').where('seen_at', '<', before).execute();
}
