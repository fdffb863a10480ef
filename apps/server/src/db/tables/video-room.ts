import type { Generated } from 'kysely';

/** One socket in one video room (0025). */
export interface VideoRoomPeersTable {
  id: Generated<number>;
  /** The socket's id, the name other peers address their signals to. */
  peer: string;
  room: string;
  user_id: number;
  role: 'professional' | 'client';
  name: string;
  joined_at: string;
  seen_at: string;
}

export interface VideoRoomTables {
  video_room_peers: VideoRoomPeersTable;
}
