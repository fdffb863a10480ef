import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { VideoRoomPeersTable } from '../../db/tables/video-room.ts';

export type PeerRow = Selectable<VideoRoomPeersTable>;

export async function insertPeer(db: DB, row: Insertable<VideoRoomPeersTable>): Promise<void> {
  await db.insertInto('video_room_peers').values(row).execute();
}

export function findPeer(db: DB, peer: string): Promise<PeerRow | undefined> {
  return db.selectFrom('video_room_peers').selectAll().where('peer', '=', peer).executeTakeFirst();
}

/** The room's peers in order of arrival (the first `capacity` of them are the ones let in). */
export function listPeers(db: DB, room: string): Promise<PeerRow[]> {
  return db.selectFrom('video_room_peers').selectAll().where('room', '=', room).orderBy('id').execute();
}

/** Answers whether the row was there (a socket's leave and its close may both try). */
export async function deletePeer(db: DB, peer: string): Promise<boolean> {
  const result = await db.deleteFrom('video_room_peers').where('peer', '=', peer).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Rows of a room whose instance stopped refreshing them (it died with its sockets). */
export function listStalePeers(db: DB, room: string, seenBefore: string): Promise<PeerRow[]> {
  return db
    .selectFrom('video_room_peers')
    .selectAll()
    .where('room', '=', room)
    .where('seen_at', '<', seenBefore)
    .execute();
}

export async function touchPeers(db: DB, peers: string[], now: string): Promise<void> {
  if (peers.length === 0) return;
  await db.updateTable('video_room_peers').set({ seen_at: now }).where('peer', 'in', peers).execute();
}
