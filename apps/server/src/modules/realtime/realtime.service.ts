import {
  type ClientFrame,
  type CorporatePermission,
  describeError,
  type ServerFrame,
  ServerFrame as ServerFrameSchema,
} from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import type { SessionUser } from '../../kernel/session.ts';
import { hasPresence } from './presence.repository.ts';

/**
 * Which of an account's sockets hear an event: all of them by default; with a corporate
 * permission, team sessions only when their map grants it (a member without contactsChat hears no
 * chat); 'owner-only' never reaches a team session (what the account does as a client).
 */
export type Audience = CorporatePermission | 'owner-only';

/** What travels on the bus for one account. */
export interface UserEvent {
  frame: ServerFrame;
  audience?: Audience;
  /** Only this socket of the account hears it (a video room's signal names one tab, not a person). */
  connection?: string;
}

/** Whether a socket of a session with these permissions (null outside team sessions) hears it. */
export function hears(permissions: Readonly<Record<string, boolean>> | null, audience?: Audience): boolean {
  if (permissions === null || audience === undefined) return true;
  return audience !== 'owner-only' && permissions[audience] === true;
}

/** The bus topic of one account's sockets (a team member's session listens to its owner's). */
export const userTopic = (userId: number) => `user:${userId}`;

/**
 * Sends a frame to every socket of an account, on whichever instance holds it. The frame is
 * checked against the contract first: a malformed frame is a bug here, not on a browser.
 */
export async function publishToUser(
  deps: Pick<AppDeps, 'bus'>,
  userId: number,
  frame: ServerFrame,
  audience?: Audience,
): Promise<void> {
  const event: UserEvent = { frame: ServerFrameSchema.parse(frame), ...(audience ? { audience } : {}) };
  await deps.bus.publish(userTopic(userId), event);
}

/**
 * Sends a frame to one socket of an account, wherever it is held (the video room addresses its
 * signals to one tab: the same person may be in the room from a phone and a laptop).
 */
export async function publishToConnection(
  deps: Pick<AppDeps, 'bus'>,
  userId: number,
  connection: string,
  frame: ServerFrame,
): Promise<void> {
  const event: UserEvent = { frame: ServerFrameSchema.parse(frame), connection };
  await deps.bus.publish(userTopic(userId), event);
}

/** One open socket as the slices see it: who is at the other end, and a way to answer them. */
export interface RealtimeConnection {
  /** Unique across instances for the socket's life (random). */
  id: string;
  user: SessionUser;
  sessionId: number;
  send(frame: ServerFrame): void;
}

/** What a resume replays: frames in order, or `overflow` when too much was missed to replay. */
export interface Replay {
  frames: ServerFrame[];
  overflow: boolean;
}

/**
 * Each slice that uses the channel brings its part (as `settlements` do for sales): what it
 * replays on resume, and the inbound frames it answers. The channel knows no slice; the next
 * ones (video signalling, the announce screen) add theirs in app.ts.
 */
export interface RealtimeHandlers {
  replay: Array<(deps: AppDeps, user: SessionUser, lastEventId: string) => Promise<Replay>>;
  frames: {
    [T in ClientFrame['type']]?: (
      deps: AppDeps,
      connection: RealtimeConnection,
      frame: Extract<ClientFrame, { type: T }>,
    ) => Promise<void>;
  };
  /** After a socket closed or dropped (the video room takes it out of its room). */
  closed?: Array<(deps: AppDeps, connection: RealtimeConnection) => Promise<void>>;
  /** On every heartbeat, with the sockets that answered the previous one (still alive). */
  beat?: Array<(deps: AppDeps, alive: RealtimeConnection[]) => Promise<void>>;
}

/** Several slices' handlers as one (app.ts hands the channel one set). */
export function combineHandlers(...parts: RealtimeHandlers[]): RealtimeHandlers {
  return {
    replay: parts.flatMap((p) => p.replay),
    frames: Object.assign({}, ...parts.map((p) => p.frames)),
    closed: parts.flatMap((p) => p.closed ?? []),
    beat: parts.flatMap((p) => p.beat ?? []),
  };
}

/** An error frame with the catalogue's Spanish text (the channel has no per-call language). */
export function errorFrame(
  code: string,
  catalogue?: Parameters<typeof describeError>[0],
  ref?: string,
): ServerFrame {
  return {
    type: 'error',
    code,
    message: describeError(catalogue, code)?.es ?? '',
    ...(ref ? { ref } : {}),
  };
}

/**
 * Whether the account has a live socket on any instance (issue 17: a chat message to someone
 * offline becomes a notification). A socket's row is refreshed on every heartbeat; one not seen
 * for two beats belongs to a dead instance and no longer counts.
 */
export async function isOnline(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  userId: number,
): Promise<boolean> {
  const since = new Date(deps.now().getTime() - 2 * deps.config.realtime.heartbeatMs - 1_000).toISOString();
  return hasPresence(deps.db, userId, since);
}
