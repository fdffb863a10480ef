import {
  actions,
  type ChatBookingLink,
  type ChatMessage,
  type ChatSummary,
  type ClientFrame,
  type ServerFrame,
} from '@agendo/contract';
import type { ChatMemberRole } from '../../db/tables/chat.ts';
import type { AppDeps } from '../../deps.ts';
import type { SessionUser } from '../../kernel/session.ts';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/page-cursor.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { notify, seenAbout } from '../notifications/notifications.service.ts';
import {
  errorFrame,
  isOnline,
  publishToUser,
  type RealtimeConnection,
  type RealtimeHandlers,
  type Replay,
} from '../realtime/realtime.service.ts';
import {
  addGroupMembers,
  countUnread,
  findBookingOfPair,
  findBookingOfParty,
  findGroupConversation,
  findGroupSeatOfParty,
  findMembershipByRef,
  findMembershipOfPair,
  findMessageById,
  findSeatOfGroup,
  findUserByRef,
  insertConversation,
  insertGroupConversation,
  insertMessage,
  lastMessages,
  listLiveMembers,
  listMemberships,
  listMessages,
  listMessagesSince,
  type MembershipRow,
  type MessageRow,
  markRead,
  type NewMessage,
  pairIsRelated,
} from './chat.repository.ts';

const chatsPage = 30;
const messagesPage = 30;
/** Resume replays at most this many messages; past it the tab reloads its lists instead. */
const replayLimit = 200;
/**
 * Resume reads from a minute before the last event seen: another instance's clock may be a little
 * behind, and a message committed just after a later one was seen must not be skipped. The
 * browser drops what it already has by message id.
 */
const replayMarginMs = 60_000;
/** spec 000 §2.2 chat: a person writes, a script floods; 30 messages a minute is plenty. */
const sendLimit = { limit: 30, windowMs: 60_000 };

const notFound = () => new ActionError('E404');

/**
 * The sides a session may act in (issue 17): the account itself in both; a team member's session
 * only on its professional's side and only with contactsChat (spec 001 §6). Anything else finds
 * nothing, exactly like an unknown ref.
 */
function rolesOf(user: SessionUser): ChatMemberRole[] {
  if (user.permissions === null) return ['professional', 'client'];
  return user.permissions.contactsChat === true ? ['professional'] : [];
}
const onlyRole = (roles: ChatMemberRole[]) => (roles.length === 1 ? roles[0] : undefined);

async function membership(deps: AppDeps, user: SessionUser, ref: string): Promise<MembershipRow> {
  const roles = rolesOf(user);
  if (roles.length === 0) throw notFound();
  const found = await findMembershipByRef(deps.db, user.id, ref, onlyRole(roles));
  if (!found) throw notFound();
  return found;
}

function summaryOf(
  m: MembershipRow,
  last?: { body: string; sender_role: ChatMemberRole; senderRef: string; created_at: string; seq: number },
): ChatSummary {
  const group = m.groupStartsAt !== null;
  return {
    ref: m.ref,
    role: m.role,
    // A group's conversation is named after its turn: there is no one other person.
    counterpart: group
      ? { ref: m.ref, name: m.groupTitle ?? '', img: null }
      : {
          ref: m.otherRef ?? '',
          name: `${m.otherFirstName ?? ''} ${m.otherLastName ?? ''}`.trim(),
          img: m.otherImg,
        },
    group: group ? { startsAt: m.groupStartsAt as string } : null,
    lastMessage: last
      ? {
          text: last.body,
          senderRole: last.sender_role,
          senderRef: last.senderRef,
          createdAt: last.created_at,
          seq: last.seq,
        }
      : null,
    unread: Math.max(0, m.lastSeq - m.myLastRead),
    readByCounterpart: m.otherLastRead,
    lastSeq: m.lastSeq,
  };
}

async function withLastMessages(deps: AppDeps, rows: MembershipRow[]): Promise<ChatSummary[]> {
  const last = await lastMessages(
    deps.db,
    rows.map((r) => ({ id: r.conversationId, lastSeq: r.lastSeq })),
  );
  const byConversation = new Map(last.map((m) => [m.conversation_id, m]));
  return rows.map((r) => summaryOf(r, byConversation.get(r.conversationId)));
}

function messageOf(row: MessageRow): ChatMessage {
  return {
    id: row.ref,
    chat: row.conversationRef,
    seq: row.seq,
    senderRole: row.sender_role,
    senderRef: row.senderRef,
    senderName: `${row.senderFirstName} ${row.senderLastName}`.trim(),
    text: row.body,
    booking:
      row.bookingRef && row.bookingStartsAt
        ? { ref: row.bookingRef, title: row.bookingTitle ?? '', startsAt: row.bookingStartsAt }
        : null,
    attachment:
      row.attachment_kind && row.attachment_key
        ? {
            kind: row.attachment_kind,
            name: row.attachment_name ?? '',
            size: row.attachment_size ?? 0,
            url: `${chatFileBase}${row.ref}`,
          }
        : null,
    createdAt: row.created_at,
  };
}

/** Where a message's attachment is fetched (with the session; see chat-files.route.ts). */
export const chatFileBase = '/chat-files/';

/** A message's event id: its instant and ref (public values), what resume starts after. */
export function eventIdOf(row: Pick<MessageRow, 'created_at' | 'ref'>): string {
  return encodeCursor([row.created_at, row.ref]);
}

/**
 * Sends a frame to one member's sockets: the professional's side reaches the account and its
 * team sessions with contactsChat; the client's side reaches no team session at all.
 */
function publishToMember(deps: AppDeps, userId: number, role: ChatMemberRole, frame: ServerFrame) {
  return publishToUser(deps, userId, frame, role === 'professional' ? 'contactsChat' : 'owner-only');
}

/** The members a frame of this conversation reaches: both parties, or a group's live members. */
async function membersOf(
  deps: AppDeps,
  m: MembershipRow,
): Promise<{ userId: number; role: ChatMemberRole }[]> {
  if (m.groupPublicationId !== null) return listLiveMembers(deps.db, m.conversationId);
  const otherRole: ChatMemberRole = m.role === 'professional' ? 'client' : 'professional';
  const self = m.role === 'professional' ? m.professionalId : (m.clientId as number);
  return [
    { userId: self, role: m.role },
    { userId: m.otherId as number, role: otherRole },
  ];
}

async function publishToBoth(deps: AppDeps, m: MembershipRow, frame: ServerFrame) {
  const members = await membersOf(deps, m);
  await Promise.all(members.map((member) => publishToMember(deps, member.userId, member.role, frame)));
}

export async function listChats(deps: AppDeps, user: SessionUser, next: string | null | undefined) {
  const roles = rolesOf(user);
  if (roles.length === 0) return { chats: [], next: null, unreadTotal: 0 };
  const role = onlyRole(roles);
  const after = next ? decodeCursor(next, 2) : null;
  const rows = await listMemberships(deps.db, user.id, role, after, chatsPage + 1);
  const { page, next: cursor } = pageOf(rows, chatsPage, (r) => [r.activityAt, r.ref]);
  return {
    chats: await withLastMessages(deps, page),
    next: cursor,
    unreadTotal: await countUnread(deps.db, user.id, role),
  };
}

/** Who is the professional and who the client when `user` opens a chat with `other`. */
async function pairWith(deps: AppDeps, user: SessionUser, otherId: number) {
  const roles = rolesOf(user);
  if (roles.includes('professional') && (await pairIsRelated(deps.db, user.id, otherId))) {
    return { professionalId: user.id, clientId: otherId };
  }
  if (roles.includes('client') && (await pairIsRelated(deps.db, otherId, user.id))) {
    return { professionalId: otherId, clientId: user.id };
  }
  return null;
}

async function conversationOfPair(
  deps: AppDeps,
  user: SessionUser,
  pair: { professionalId: number; clientId: number },
): Promise<MembershipRow> {
  const find = () => findMembershipOfPair(deps.db, user.id, pair.professionalId, pair.clientId);
  const existing = await find();
  if (existing) return existing;
  await insertConversation(deps.db, { ref: newRef(), ...pair, at: deps.now().toISOString() });
  const created = await find();
  if (!created) throw notFound();
  return created;
}

/**
 * chat/{ref}, prof-chat/{ref}, chats/{ref}: a conversation ref, an appointment ref or the other
 * person's account ref. The pair's conversation is created on first use, and only for a
 * professional and a client who already know each other (pairIsRelated); anything else is E404.
 */
export async function openChat(
  deps: AppDeps,
  user: SessionUser,
  ref: string,
  group = false,
): Promise<{ chat: ChatSummary; booking: ChatBookingLink | null }> {
  const roles = rolesOf(user);
  if (roles.length === 0) throw notFound();
  if (group) return openGroupChat(deps, user, roles, ref);

  const direct = await findMembershipByRef(deps.db, user.id, ref, onlyRole(roles));
  if (direct) return { chat: (await withLastMessages(deps, [direct]))[0] as ChatSummary, booking: null };

  let pair: { professionalId: number; clientId: number } | null = null;
  let booking: ChatBookingLink | null = null;
  const appointment = await findBookingOfParty(deps.db, user.id, ref);
  if (appointment && appointment.client_id !== null) {
    const side: ChatMemberRole = appointment.professional_id === user.id ? 'professional' : 'client';
    if (roles.includes(side)) {
      pair = { professionalId: appointment.professional_id, clientId: appointment.client_id };
      booking = { ref: appointment.ref, title: appointment.title, startsAt: appointment.starts_at };
    }
  } else if (!appointment) {
    const other = await findUserByRef(deps.db, ref);
    if (other && other.id !== user.id) pair = await pairWith(deps, user, other.id);
  }
  if (!pair) throw notFound();
  const m = await conversationOfPair(deps, user, pair);
  return { chat: (await withLastMessages(deps, [m]))[0] as ChatSummary, booking };
}

/** Seat states that still hold a place in the group (a cancelled client loses the conversation). */
const liveSeat = new Set(['pending', 'confirmed', 'done']);

/**
 * "Chat del grupo" (issue 17): the one conversation of a group turn, opened from any of its seats
 * by its professional (or a team session with contactsChat) or from the client's own live seat.
 * Created on first use; every seated client with an account is a member.
 */
async function openGroupChat(
  deps: AppDeps,
  user: SessionUser,
  roles: ChatMemberRole[],
  ref: string,
): Promise<{ chat: ChatSummary; booking: ChatBookingLink | null }> {
  const seat = await findGroupSeatOfParty(deps.db, user.id, ref);
  if (!seat) throw notFound();
  const side: ChatMemberRole = seat.professional_id === user.id ? 'professional' : 'client';
  if (!roles.includes(side) || (side === 'client' && !liveSeat.has(seat.state))) throw notFound();
  const turn = { publicationId: seat.publication_id, startsAt: seat.starts_at };
  let conversation = await findGroupConversation(deps.db, turn.publicationId, turn.startsAt);
  if (!conversation) {
    await insertGroupConversation(deps.db, {
      ref: newRef(),
      professionalId: seat.professional_id,
      ...turn,
      title: seat.title,
      at: deps.now().toISOString(),
    });
    conversation = await findGroupConversation(deps.db, turn.publicationId, turn.startsAt);
    if (!conversation) throw notFound();
  }
  await addGroupMembers(deps.db, conversation.id, turn.publicationId, turn.startsAt);
  const m = await findMembershipByRef(deps.db, user.id, conversation.ref, side);
  if (!m) throw notFound();
  return {
    chat: (await withLastMessages(deps, [m]))[0] as ChatSummary,
    booking: { ref: seat.ref, title: seat.title, startsAt: seat.starts_at },
  };
}

export async function chatHistory(
  deps: AppDeps,
  user: SessionUser,
  ref: string,
  before: string | null | undefined,
) {
  const m = await membership(deps, user, ref);
  const beforeSeq = before ? Number(decodeCursor(before, 1)[0]) : null;
  if (beforeSeq !== null && !Number.isInteger(beforeSeq)) throw new ActionError('E1');
  const rows = await listMessages(deps.db, m.conversationId, beforeSeq, messagesPage + 1);
  const { page, next } = pageOf(rows, messagesPage, (r) => [r.seq]);
  return { messages: page.reverse().map(messageOf), before: next };
}

/** The conversation `ref` as `user` sees it, or E404 (the attachment route checks it before the file). */
export function chatMembership(deps: AppDeps, user: SessionUser, ref: string): Promise<MembershipRow> {
  return membership(deps, user, ref);
}

export async function sendChatMessage(
  deps: AppDeps,
  user: SessionUser,
  input: {
    ref: string;
    text: string;
    bookingRef?: string | null | undefined;
    attachment?: NewMessage['attachment'];
  },
): Promise<ChatMessage> {
  const m = await membership(deps, user, input.ref);
  const verdict = await deps.limiter.hit(`chat-send:${user.actorId}`, sendLimit.limit, sendLimit.windowMs);
  if (!verdict.allowed) throw new ActionError('E429');
  const turn =
    m.groupPublicationId !== null && m.groupStartsAt !== null
      ? { publicationId: m.groupPublicationId, startsAt: m.groupStartsAt }
      : null;
  // A link to an appointment of someone else (or another turn) is simply not kept.
  const booking = !input.bookingRef
    ? undefined
    : turn
      ? await findSeatOfGroup(deps.db, turn.publicationId, turn.startsAt, input.bookingRef)
      : await findBookingOfPair(deps.db, m.professionalId, m.clientId as number, input.bookingRef);
  // A seat booked since the group's chat was opened hears this message too.
  if (turn) await addGroupMembers(deps.db, m.conversationId, turn.publicationId, turn.startsAt);
  const id = await insertMessage(deps.db, {
    ref: newRef(),
    conversationId: m.conversationId,
    senderId: user.id,
    senderRole: m.role,
    authorId: user.actorId,
    body: input.text,
    bookingId: booking?.id ?? null,
    ...(input.attachment ? { attachment: input.attachment } : {}),
    at: deps.now().toISOString(),
  });
  const row = await findMessageById(deps.db, id);
  const message = messageOf(row);
  // After the commit: a socket that hears the event can already read the message back.
  await publishToBoth(deps, m, { type: 'chat.message', id: eventIdOf(row), message });
  await notifyIfOffline(deps, m, user.id, message);
  return message;
}

/** Longest excerpt of a message in a notification (the rest is one tap away). */
const excerptLength = 140;

/**
 * issue 17: a message to someone with no socket open anywhere becomes a notification (in-app and
 * push). One per conversation until it is read, however many messages follow.
 */
async function notifyIfOffline(deps: AppDeps, m: MembershipRow, senderId: number, message: ChatMessage) {
  const caption = message.text || (message.attachment ? `📎 ${message.attachment.name}` : '');
  const text = caption.length > excerptLength ? `${caption.slice(0, excerptLength - 1)}…` : caption;
  const title =
    m.groupTitle !== null
      ? `Nuevo mensaje de ${message.senderName} en ${m.groupTitle}`
      : `Nuevo mensaje de ${message.senderName}`;
  const others = (await membersOf(deps, m)).filter((member) => member.userId !== senderId);
  for (const other of others) {
    if (await isOnline(deps, other.userId)) continue;
    await notify(deps, deps.db, {
      userId: other.userId,
      kind: 'chat-message',
      title,
      body: text,
      link: `chats/${m.ref}`,
      collapse: true,
    });
  }
}

/** Read receipts: the reader's mark moves forward; both sides hear it (the other tabs too). */
export async function markChatRead(deps: AppDeps, user: SessionUser, ref: string, seq: number) {
  const m = await membership(deps, user, ref);
  const upTo = Math.min(seq, m.lastSeq);
  if (upTo > m.myLastRead) {
    await markRead(deps.db, m.conversationId, user.id, upTo);
    const frame: ServerFrame = { type: 'chat.read', chat: m.ref, role: m.role, seq: upTo };
    // In a group one reader is not "read by the other side": only the reader's own tabs hear it,
    // the others see how far everyone read (readByCounterpart) when they next load the chat.
    if (m.groupPublicationId !== null) await publishToMember(deps, user.id, m.role, frame);
    else await publishToBoth(deps, m, frame);
    // The account holder read it: a notification about this conversation is read as well.
    if (user.permissions === null) await seenAbout(deps, user.id, 'chat-message', `chats/${m.ref}`);
  }
  return { unread: Math.max(0, m.lastSeq - Math.max(upTo, m.myLastRead)) };
}

/** The chat's part of resume: every message of the viewer's conversations since the last event seen. */
export async function replayChat(deps: AppDeps, user: SessionUser, lastEventId: string): Promise<Replay> {
  let at: number;
  try {
    at = Date.parse(String(decodeCursor(lastEventId, 2)[0]));
  } catch {
    return { frames: [], overflow: true };
  }
  if (Number.isNaN(at)) return { frames: [], overflow: true };
  const roles = rolesOf(user);
  if (roles.length === 0) return { frames: [], overflow: false };
  const since = new Date(at - replayMarginMs).toISOString();
  const rows = await listMessagesSince(deps.db, user.id, roles, since, replayLimit + 1);
  if (rows.length > replayLimit) return { frames: [], overflow: true };
  return {
    frames: rows.map((row) => ({ type: 'chat.message', id: eventIdOf(row), message: messageOf(row) })),
    overflow: false,
  };
}

const chatCatalogue = actions['send-chat-message'].errors;

/**
 * The typing indicator: relayed to the other side over the bus, never stored. The conversation
 * is checked once per socket like any read; a foreign ref answers E404 and reaches nobody.
 */
export async function relayTyping(
  deps: AppDeps,
  connection: RealtimeConnection,
  frame: Extract<ClientFrame, { type: 'chat.typing' }>,
) {
  let m: MembershipRow;
  try {
    m = await membership(deps, connection.user, frame.chat);
  } catch {
    connection.send(errorFrame('E404', chatCatalogue, frame.chat));
    return;
  }
  const others = (await membersOf(deps, m)).filter((member) => member.userId !== connection.user.id);
  await Promise.all(
    others.map((other) =>
      publishToMember(deps, other.userId, other.role, {
        type: 'chat.typing',
        chat: m.ref,
        role: m.role,
        typing: frame.typing,
      }),
    ),
  );
}

/** What the chat brings to the real-time channel (app.ts hands it over). */
export const chatRealtime: RealtimeHandlers = {
  replay: [replayChat],
  frames: { 'chat.typing': relayTyping },
};
