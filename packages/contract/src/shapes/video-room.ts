import { z } from 'zod';

/**
 * The own video room (issue 17, spec 000 §2.2 room/meeting/meet-room, 002 §2 course-room): a
 * WebRTC mesh whose signalling travels over the real-time channel. A mesh sends every camera to
 * every other participant, so a room holds at least `videoRoomMinCapacity` people, more when the
 * group it belongs to is larger.
 */
export const videoRoomMinCapacity = 6;

/** Which side a participant is on (the professional's team joins as the professional). */
export const RoomRole = z.enum(['professional', 'client']);
export type RoomRole = z.infer<typeof RoomRole>;

/** One participant as the others see it. `peer` names one socket (one tab), not one person. */
export const RoomPeer = z.object({
  peer: z.string(),
  name: z.string(),
  role: RoomRole,
});
export type RoomPeer = z.infer<typeof RoomPeer>;

/** An RTCIceServer as the browser takes it (STUN/TURN from the server's configuration). */
export const IceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/**
 * find-group-room-data (spec 000 §7): what the room page needs before joining. `state`:
 * 'waiting' before the room opens (the waiting screen counts down to `opensAt`), 'open' while
 * the spec lets the parties in (now and canCalificate), 'ended' after the appointment.
 */
export const VideoRoom = z.object({
  ref: z.string(),
  /** The room's key: one per appointment, one per group (every seat's ref leads to it). */
  room: z.string(),
  title: z.string(),
  sellerName: z.string(),
  role: RoomRole,
  group: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  opensAt: z.string(),
  state: z.enum(['waiting', 'open', 'ended']),
  capacity: z.number().int(),
  /**
   * The appointment's ref for the in-room chat: the pair's conversation, or in a group room
   * (`group`) the group's one conversation, opened from this seat with open-chat's `group`.
   */
  chatRef: z.string().nullable(),
  /** The group's seats (names), for its professional only (spec 000 §4 group-room members). */
  members: z.array(z.object({ ref: z.string(), name: z.string() })),
  iceServers: z.array(IceServer),
});
export type VideoRoom = z.infer<typeof VideoRoom>;

/**
 * What one peer sends another through the server: a description, a batch of ICE candidates, or
 * whether its microphone and camera are on (issue 34: a muted or stopped track just goes silent
 * or black on the other side, so the tile says it instead).
 */
export const RoomSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('media'), audio: z.boolean(), video: z.boolean() }),
  z.object({ kind: z.enum(['offer', 'answer']), sdp: z.string().max(12_000) }),
  z.object({
    kind: z.literal('candidates'),
    candidates: z
      .array(
        z.object({
          candidate: z.string().max(1_000),
          sdpMid: z.string().max(64).nullable(),
          sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
        }),
      )
      .max(20),
  }),
]);
export type RoomSignal = z.infer<typeof RoomSignal>;

/**
 * The video room's catalogue, shared by the action and the channel's room frames. Anybody who
 * is not a party of the appointment gets E404 exactly like an unknown ref.
 */
export const videoRoomErrors = {
  E404: { es: 'No encontramos la sala.', en: 'Room not found.', status: 404 },
  E30: { es: 'La sala todavía no está abierta.', en: 'The room is not open yet.' },
  E31: { es: 'La sala está completa.', en: 'The room is full.' },
  E32: {
    es: 'Ya no estás en la sala. Vuelve a ingresar.',
    en: 'You are no longer in the room. Join again.',
  },
};
