import {
  actions,
  type ClientFrame,
  panelButtons,
  type RoomPeer,
  roomOpensMinutesBefore,
  type VideoRoom,
  videoRoomMinCapacity,
} from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import type { SessionUser } from '../../kernel/session.ts';
import { iceServersFor } from '../../lib/turn-credentials.ts';
import { ActionError } from '../../rpc-errors.ts';
import { bookingForRoom } from '../bookings/agenda.service.ts';
import { liveLessonRoom } from '../courses/live-lessons.service.ts';
import {
  errorFrame,
  publishToConnection,
  type RealtimeConnection,
  type RealtimeHandlers,
} from '../realtime/realtime.service.ts';
import {
  deletePeer,
  findPeer,
  insertPeer,
  listPeers,
  listStalePeers,
  type PeerRow,
  touchPeers,
} from './video-room.repository.ts';

/** Beats a peer's row may miss before it counts as gone (its instance died with the socket). */
const staleAfterBeats = 3;

interface Access {
  room: VideoRoom;
  name: string;
}

/**
 * The room of an appointment as one of its parties sees it. The parties are its professional
 * (and their team, who work the same panel: spec 000 §6) and its client; in a group appointment
 * every seat's ref leads to the one room of the group. Anybody else, an unknown ref, a held
 * slot or an in-person appointment answers E404, the same as a room that does not exist.
 */
async function accessOf(deps: AppDeps, user: SessionUser, ref: string): Promise<Access> {
  let found: Awaited<ReturnType<typeof bookingForRoom>>;
  try {
    found = await bookingForRoom(deps, user, ref);
  } catch {
    return lessonAccessOf(deps, user, ref);
  }
  const { booking, side: role, seats } = found;
  if (booking.state === 'held' || booking.modalityChosen === 2) throw new ActionError('E404');
  const nowMs = deps.now().getTime();
  // spec 000 §4 and issue 34: the panel's rule (now, and canCalificate or confirmed in the margin).
  const open = panelButtons({ ...booking, viewerRole: role }).room;
  const ended = booking.state === 'cancelled' || nowMs >= Date.parse(booking.endsAt);
  const group = booking.groupId !== null;
  return {
    name: role === 'professional' ? booking.sellerName : booking.clientName,
    room: {
      ref: booking.id,
      room: group ? `g.${booking.groupId}` : `b.${booking.id}`,
      title: booking.title,
      sellerName: booking.sellerName,
      role,
      group,
      startsAt: booking.dateNoFormat,
      endsAt: booking.endsAt,
      // The room opens with the panel's button, `roomOpensMinutesBefore` ahead of the start.
      opensAt: new Date(Date.parse(booking.dateNoFormat) - roomOpensMinutesBefore * 60_000).toISOString(),
      state: open ? 'open' : ended ? 'ended' : 'waiting',
      // Everyone the group holds plus its professional; never fewer than a small mesh serves.
      capacity: Math.max(videoRoomMinCapacity, booking.groupCapacity + 1),
      // The in-room chat: the pair's conversation, or the group's one (open-chat with `group`).
      chatRef: booking.id,
      members: seats,
      iceServers: roomIceServers(deps, user, booking.endsAt),
    },
  };
}

/**
 * TURN credentials for this person that lapse when the appointment ends (issue 28): the room
 * closes then too, so a credential copied out of the page relays nothing afterwards.
 */
function roomIceServers(deps: AppDeps, user: SessionUser, endsAt: string) {
  return iceServersFor(deps.config.video, new Date(endsAt), `u${user.id}`);
}

/**
 * course-room/{ref} (spec 002 §2, issue 17): a live online lesson's own room, keyed `l.<lesson>`.
 * Its parties are the workshop's professional (and their team's sessions) and the students the
 * lesson is open to; it opens when 'Ingresar al evento' does (canEnter). The mesh serves at
 * least six; a class larger than the room fills it in arrival order (ADR 016: an SFU beyond).
 */
async function lessonAccessOf(deps: AppDeps, user: SessionUser, ref: string): Promise<Access> {
  const lesson = await liveLessonRoom(deps, ref, user.id);
  if (!lesson) throw new ActionError('E404');
  return {
    name: lesson.viewerName,
    room: {
      ref,
      room: `l.${ref}`,
      title: lesson.title,
      sellerName: lesson.sellerName,
      role: lesson.role,
      group: true,
      startsAt: lesson.startsAt,
      endsAt: lesson.endsAt,
      opensAt: lesson.opensAt,
      state: lesson.state,
      capacity: videoRoomMinCapacity,
      // A lesson has no conversation of its own (the chat is per professional and client).
      chatRef: null,
      members: [],
      iceServers: roomIceServers(deps, user, lesson.endsAt),
    },
  };
}

/** find-group-room-data (spec 000 §7): the room page's data before it joins. */
export async function findRoomData(deps: AppDeps, user: SessionUser, ref: string): Promise<VideoRoom> {
  // spec 000 §4: an external platform's link stays on the panel; the own room is its fallback,
  // so the room answers whatever the platform.
  return (await accessOf(deps, user, ref)).room;
}

const catalogue = actions['find-group-room-data'].errors;
const peerOf = (row: PeerRow): RoomPeer => ({ peer: row.peer, name: row.name, role: row.role });

async function tellPeers(deps: AppDeps, peers: PeerRow[], frame: Parameters<typeof publishToConnection>[3]) {
  await Promise.all(peers.map((p) => publishToConnection(deps, p.user_id, p.peer, frame)));
}

/** Takes a socket out of its room (if it is in one) and tells the others. */
async function leaveRoom(deps: AppDeps, connection: Pick<RealtimeConnection, 'id'>): Promise<void> {
  const row = await findPeer(deps.db, connection.id);
  if (!row || !(await deletePeer(deps.db, row.peer))) return;
  const rest = await listPeers(deps.db, row.room);
  await tellPeers(deps, rest, { type: 'room.peer-left', room: row.room, peer: row.peer });
}

/** Forgets the peers of a room whose instance stopped refreshing them, and tells the rest. */
async function sweepStale(deps: AppDeps, room: string): Promise<void> {
  const before = new Date(deps.now().getTime() - staleAfterBeats * deps.config.realtime.heartbeatMs);
  const stale = await listStalePeers(deps.db, room, before.toISOString());
  for (const row of stale) await leaveRoom(deps, { id: row.peer });
}

/**
 * room.join: a party enters while the room is open. The peers already there are answered to the
 * newcomer (who offers to each) and each of them hears of the newcomer. The capacity counts
 * arrivals in order across instances: past it, the later arrival is refused (E31).
 */
async function joinRoom(
  deps: AppDeps,
  connection: RealtimeConnection,
  frame: Extract<ClientFrame, { type: 'room.join' }>,
): Promise<void> {
  let access: Access;
  try {
    access = await accessOf(deps, connection.user, frame.ref);
  } catch {
    connection.send(errorFrame('E404', catalogue, frame.ref));
    return;
  }
  const { room } = access;
  if (room.state !== 'open') {
    connection.send(errorFrame('E30', catalogue, frame.ref));
    return;
  }
  await leaveRoom(deps, connection);
  await sweepStale(deps, room.room);
  const now = deps.now().toISOString();
  await insertPeer(deps.db, {
    peer: connection.id,
    room: room.room,
    user_id: connection.user.id,
    role: room.role,
    name: access.name,
    joined_at: now,
    seen_at: now,
  });
  const admitted = (await listPeers(deps.db, room.room)).slice(0, room.capacity);
  const self = admitted.find((p) => p.peer === connection.id);
  if (!self) {
    await deletePeer(deps.db, connection.id);
    connection.send(errorFrame('E31', catalogue, frame.ref));
    return;
  }
  const others = admitted.filter((p) => p.peer !== connection.id);
  connection.send({
    type: 'room.joined',
    room: room.room,
    self: connection.id,
    peers: others.map(peerOf),
    capacity: room.capacity,
  });
  await tellPeers(deps, others, { type: 'room.peer-joined', room: room.room, peer: peerOf(self) });
}

/**
 * room.signal: relayed to the one named socket, only when both are in the same room. A socket
 * outside any room gets E32; a peer that is not in the sender's room is E404 (nobody learns
 * whether a socket id exists elsewhere).
 */
async function relaySignal(
  deps: AppDeps,
  connection: RealtimeConnection,
  frame: Extract<ClientFrame, { type: 'room.signal' }>,
): Promise<void> {
  const self = await findPeer(deps.db, connection.id);
  if (!self) {
    connection.send(errorFrame('E32', catalogue));
    return;
  }
  const target = await findPeer(deps.db, frame.to);
  if (!target || target.room !== self.room || target.peer === self.peer) {
    connection.send(errorFrame('E404', catalogue));
    return;
  }
  await publishToConnection(deps, target.user_id, target.peer, {
    type: 'room.signal',
    room: self.room,
    from: self.peer,
    signal: frame.signal,
  });
}

/** What the video room brings to the real-time channel (app.ts hands it over). */
export const videoRoomRealtime: RealtimeHandlers = {
  replay: [],
  frames: {
    'room.join': joinRoom,
    'room.leave': (deps, connection) => leaveRoom(deps, connection),
    'room.signal': relaySignal,
  },
  closed: [(deps, connection) => leaveRoom(deps, connection)],
  beat: [
    async (deps, alive) => {
      const now = deps.now().toISOString();
      const ids = alive.map((c) => c.id);
      for (let i = 0; i < ids.length; i += 500) await touchPeers(deps.db, ids.slice(i, i + 500), now);
    },
  ],
};
