import { z } from 'zod';
import { Ref } from '../actions/fields.ts';
import { ChatMessage, ChatRole } from '../shapes/chat.ts';
import { AppNotification } from '../shapes/notifications.ts';
import { RoomPeer, RoomSignal } from '../shapes/video-room.ts';

/**
 * The real-time channel (issue 17, ARCHITECTURE §1): one WebSocket per tab at /ws. Browsers
 * cannot set headers on a WebSocket, so the session token travels as a second subprotocol
 * (`bearer.<token>`) beside `realtimeProtocol`, never in the URL; the server answers with
 * `realtimeProtocol` only.
 */
export const realtimePath = '/ws';
export const realtimeProtocol = 'agendo.v1';
export const bearerProtocolPrefix = 'bearer.';

/** Why the server closed a socket (4000–4999 are the application's own codes). */
export const realtimeCloseCodes = {
  /** The client read too slowly and its queue passed the bound: reconnect and resume. */
  slowConsumer: 4408,
  /** Too many frames in a short time. */
  rateLimited: 4429,
  /** The server is shutting down or the socket missed its heartbeats. */
  goingAway: 1001,
  /** The socket's session ended (logout, password change, revoked, account closed): sign in again. */
  sessionEnded: 4401,
} as const;

/** What a browser sends. */
export const ClientFrame = z.discriminatedUnion('type', [
  /**
   * The first frame after connecting: the id of the last event this tab saw (null on a first
   * connection). The server answers the chat messages stored after it, then `ready`.
   */
  z.object({ type: z.literal('resume'), lastEventId: z.string().max(200).nullable() }),
  z.object({ type: z.literal('ping') }),
  /** The viewer is typing (or stopped) in a conversation; relayed to the other side, never stored. */
  z.object({ type: z.literal('chat.typing'), chat: Ref, typing: z.boolean() }),
  /**
   * The video room (issue 17): enter the room of an appointment by one of its refs (a socket is
   * in one room at a time; joining another leaves the first), leave it, and send a WebRTC
   * description or candidates to one named peer of the same room.
   */
  z.object({ type: z.literal('room.join'), ref: Ref }),
  z.object({ type: z.literal('room.leave') }),
  z.object({ type: z.literal('room.signal'), to: z.string().max(64), signal: RoomSignal }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** What the server sends. Only `chat.message` carries an event id: it is what resume replays. */
export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), replayed: z.number().int() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('chat.message'), id: z.string(), message: ChatMessage }),
  /** `role` read the conversation up to `seq` (read receipts, and unread counts on other tabs). */
  z.object({ type: z.literal('chat.read'), chat: z.string(), role: ChatRole, seq: z.number().int() }),
  z.object({ type: z.literal('chat.typing'), chat: z.string(), role: ChatRole, typing: z.boolean() }),
  /** This socket is in `room` as `self`; `peers` were there before it (it offers to each). */
  z.object({
    type: z.literal('room.joined'),
    room: z.string(),
    self: z.string(),
    peers: z.array(RoomPeer),
    capacity: z.number().int(),
  }),
  z.object({ type: z.literal('room.peer-joined'), room: z.string(), peer: RoomPeer }),
  z.object({ type: z.literal('room.peer-left'), room: z.string(), peer: z.string() }),
  /** A signal from `from`, relayed to this socket only. */
  z.object({ type: z.literal('room.signal'), room: z.string(), from: z.string(), signal: RoomSignal }),
  /**
   * A new notification of the account, with its unread total (the bell's count). Not replayed:
   * a tab reloads its count and list on `ready`.
   */
  z.object({ type: z.literal('notification'), notification: AppNotification, unread: z.number().int() }),
  /** Notifications were marked read (on another tab or device): the new unread total. */
  z.object({ type: z.literal('notifications.read'), unread: z.number().int() }),
  /**
   * call-turnbox (spec 000 §6, issue 17): an administrator announced the professional's client at
   * a box; the waiting room screen shows it. Not stored and not replayed: a call is for now.
   */
  z.object({ type: z.literal('turnbox.announced'), name: z.string(), box: z.string(), at: z.string() }),
  /** Too much was missed to replay: reload the lists from the HTTP API. */
  z.object({ type: z.literal('resync') }),
  /**
   * A frame was refused: E404 (unknown or foreign conversation or room), E429 (too many), E400
   * (malformed); the room's E30 (not open yet), E31 (full), E32 (not in the room).
   */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), ref: z.string().optional() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type ServerFrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
