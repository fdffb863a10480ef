import { type Insertable, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { keysetAfter } from '../../db/keyset.ts';
import type { ChatConversationsTable, ChatMemberRole, ChatMessagesTable } from '../../db/tables/chat.ts';
import type { SortKey } from '../../lib/page-cursor.ts';

/**
 * A conversation seen from one member: theirs and the other side's read state, and who that is.
 * In a group's conversation there is no single other person: the `other…` fields are null, the
 * `group…` fields say which turn it is, and `otherLastRead` is how far every other member read.
 */
export interface MembershipRow {
  conversationId: number;
  ref: string;
  role: ChatMemberRole;
  professionalId: number;
  clientId: number | null;
  lastSeq: number;
  activityAt: string;
  myLastRead: number;
  otherLastRead: number;
  otherId: number | null;
  otherRef: string | null;
  otherFirstName: string | null;
  otherLastName: string | null;
  otherImg: string | null;
  groupPublicationId: number | null;
  groupStartsAt: string | null;
  groupTitle: string | null;
}

/** The seat states that keep a client in their group's conversation (a cancelled seat does not). */
const liveSeatStates = sql.join(['pending', 'confirmed', 'done'].map((state) => sql.lit(state)));

/**
 * Whether the member row `alias` (joined with its conversation as `c`) still counts: always in a
 * 1:1 conversation and for the professional; for a group's client only while they hold a live
 * seat in that turn. Checked on every read, so a cancellation takes the access away at once,
 * whichever path cancelled it.
 */
function liveMember(alias: 'me' | 'o' | 'm'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(c.group_publication_id is null or ${sql.ref(`${alias}.role`)} = 'professional' or exists (
    select 1 from bookings seat
    where seat.client_id = ${sql.ref(`${alias}.user_id`)}
      and seat.publication_id = c.group_publication_id
      and seat.starts_at = c.group_starts_at
      and seat.state in (${liveSeatStates})))`;
}

/** Memberships of `userId`, with the other member's read state and account. */
function memberships(db: DB, userId: number) {
  return (
    db
      .selectFrom('chat_members as me')
      .innerJoin('chat_conversations as c', 'c.id', 'me.conversation_id')
      // 1:1 only: the one other member. A group's several members are summed up below instead.
      .leftJoin('chat_members as other', (join) =>
        join
          .onRef('other.conversation_id', '=', 'c.id')
          .onRef('other.user_id', '!=', 'me.user_id')
          .on('c.group_publication_id', 'is', null),
      )
      .leftJoin('users as u', 'u.id', 'other.user_id')
      .select([
        'c.id as conversationId',
        'c.ref as ref',
        'me.role as role',
        'c.professional_id as professionalId',
        'c.client_id as clientId',
        'c.last_seq as lastSeq',
        'c.activity_at as activityAt',
        'me.last_read_seq as myLastRead',
        // A group's "read by the other side" is read by everyone else still in it.
        sql<number>`coalesce(other.last_read_seq, (
        select min(o.last_read_seq) from chat_members o
        where o.conversation_id = c.id and o.user_id <> me.user_id and ${liveMember('o')}
      ), 0)`.as('otherLastRead'),
        'other.user_id as otherId',
        'u.ref as otherRef',
        'u.first_name as otherFirstName',
        'u.last_name as otherLastName',
        'u.img as otherImg',
        'c.group_publication_id as groupPublicationId',
        'c.group_starts_at as groupStartsAt',
        'c.group_title as groupTitle',
      ])
      .where('me.user_id', '=', userId)
      .where(liveMember('me'))
  );
}

/** The conversation `ref` if `userId` is a member of it (in `role`, when given). */
export function findMembershipByRef(
  db: DB,
  userId: number,
  ref: string,
  role?: ChatMemberRole,
): Promise<MembershipRow | undefined> {
  let query = memberships(db, userId).where('c.ref', '=', ref);
  if (role) query = query.where('me.role', '=', role);
  return query.executeTakeFirst();
}

export function findMembershipOfPair(
  db: DB,
  userId: number,
  professionalId: number,
  clientId: number,
): Promise<MembershipRow | undefined> {
  return memberships(db, userId)
    .where('c.professional_id', '=', professionalId)
    .where('c.client_id', '=', clientId)
    .executeTakeFirst();
}

/** One page of the member's conversations, most recent activity first (keyset on activity, ref). */
export function listMemberships(
  db: DB,
  userId: number,
  role: ChatMemberRole | undefined,
  after: SortKey | null,
  limit: number,
): Promise<MembershipRow[]> {
  let query = memberships(db, userId);
  if (role) query = query.where('me.role', '=', role);
  if (after) query = query.where(keysetAfter(['c.activity_at', 'c.ref'], 'desc', after));
  return query.orderBy('c.activity_at', 'desc').orderBy('c.ref', 'desc').limit(limit).execute();
}

/** Unread messages over all the member's conversations (what the other side wrote, not yet read). */
export async function countUnread(db: DB, userId: number, role: ChatMemberRole | undefined) {
  let query = db
    .selectFrom('chat_members as me')
    .innerJoin('chat_conversations as c', 'c.id', 'me.conversation_id')
    .select(sql<number>`coalesce(sum(c.last_seq - me.last_read_seq), 0)`.as('unread'))
    .where('me.user_id', '=', userId)
    .where(liveMember('me'));
  if (role) query = query.where('me.role', '=', role);
  const row = await query.executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** The newest message of each conversation, by conversation id. */
export function lastMessages(db: DB, conversations: readonly { id: number; lastSeq: number }[]) {
  const wanted = conversations.filter((c) => c.lastSeq > 0);
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .select(['m.conversation_id', 'm.seq', 'm.body', 'm.sender_role', 's.ref as senderRef', 'm.created_at'])
    .where((eb) =>
      eb.or(wanted.map((c) => eb.and([eb('m.conversation_id', '=', c.id), eb('m.seq', '=', c.lastSeq)]))),
    )
    .execute();
}

export interface NewConversation {
  ref: string;
  professionalId: number;
  clientId: number;
  at: string;
}

/**
 * Creates the pair's conversation and its two members; answers false when another request
 * created it first (the pair is unique), so the caller reads that one instead.
 */
export function insertConversation(db: DB, row: NewConversation): Promise<boolean> {
  return insertWithMembers(
    db,
    {
      ref: row.ref,
      professional_id: row.professionalId,
      client_id: row.clientId,
      activity_at: row.at,
      created_at: row.at,
    },
    [
      { user_id: row.professionalId, role: 'professional' },
      { user_id: row.clientId, role: 'client' },
    ],
  );
}

/**
 * A conversation and its first members in one transaction; false when the unique key (the pair,
 * or the group turn) shows another request created it first, so the caller reads that one.
 */
async function insertWithMembers(
  db: DB,
  conversation: Insertable<ChatConversationsTable>,
  members: { user_id: number; role: ChatMemberRole }[],
): Promise<boolean> {
  try {
    await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('chat_conversations')
        .values(conversation)
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('chat_members')
        .values(members.map((m) => ({ ...m, conversation_id: created.id })))
        .execute();
    });
    return true;
  } catch (error) {
    if (/unique|duplicate/i.test(String((error as Error).message))) return false;
    throw error;
  }
}

/** A message with who sent it and the appointment it speaks of, as the chat shows it. */
export interface MessageRow
  extends Omit<Selectable<ChatMessagesTable>, 'sender_id' | 'author_id' | 'booking_id'> {
  conversationRef: string;
  senderRef: string;
  senderFirstName: string;
  senderLastName: string;
  bookingRef: string | null;
  bookingTitle: string | null;
  bookingStartsAt: string | null;
}

function messages(db: DB) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .leftJoin('bookings as b', 'b.id', 'm.booking_id')
    .select([
      'm.id',
      'm.ref',
      'm.conversation_id',
      'c.ref as conversationRef',
      'm.seq',
      'm.sender_role',
      's.ref as senderRef',
      's.first_name as senderFirstName',
      's.last_name as senderLastName',
      'm.body',
      'm.attachment_kind',
      'm.attachment_name',
      'm.attachment_size',
      'm.attachment_mime',
      'm.attachment_key',
      'm.created_at',
      'b.ref as bookingRef',
      'b.title as bookingTitle',
      'b.starts_at as bookingStartsAt',
    ]);
}

/** History: messages before `beforeSeq` (all when null), newest first, at most `limit`. */
export function listMessages(db: DB, conversationId: number, beforeSeq: number | null, limit: number) {
  let query = messages(db).where('m.conversation_id', '=', conversationId);
  if (beforeSeq !== null) query = query.where('m.seq', '<', beforeSeq);
  return query.orderBy('m.seq', 'desc').limit(limit).execute();
}

export function findMessageById(db: DB, id: number) {
  return messages(db).where('m.id', '=', id).executeTakeFirstOrThrow();
}

/** A message by its public ref (who may see it is the caller's membership check). */
export function findMessageByRef(db: DB, ref: string) {
  return messages(db).where('m.ref', '=', ref).executeTakeFirst();
}

/**
 * Messages of the member's conversations stored at or after `since`, oldest first, at most
 * `limit` (resume after a reconnect; `roles` limits a team session to the professional side).
 */
export function listMessagesSince(
  db: DB,
  userId: number,
  roles: readonly ChatMemberRole[],
  since: string,
  limit: number,
) {
  return messages(db)
    .innerJoin('chat_members as me', 'me.conversation_id', 'm.conversation_id')
    .where('me.user_id', '=', userId)
    .where('me.role', 'in', roles)
    .where(liveMember('me'))
    .where('m.created_at', '>=', since)
    .orderBy('m.created_at')
    .orderBy('m.conversation_id')
    .orderBy('m.seq')
    .limit(limit)
    .execute();
}

export interface NewMessage {
  ref: string;
  conversationId: number;
  senderId: number;
  senderRole: ChatMemberRole;
  authorId: number;
  body: string;
  bookingId: number | null;
  attachment?: {
    kind: 'image' | 'pdf';
    name: string;
    size: number;
    mime: string;
    key: string;
  };
  at: string;
}

/**
 * Stores a message under the conversation's next seq. Taking the number is an UPDATE of the
 * conversation's row, which holds that row until commit: two senders of one conversation get
 * consecutive numbers in commit order. The sender has read their own message.
 */
export async function insertMessage(db: DB, row: NewMessage): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { last_seq: seq } = await tx
      .updateTable('chat_conversations')
      .set((eb) => ({ last_seq: eb('last_seq', '+', 1), activity_at: row.at }))
      .where('id', '=', row.conversationId)
      .returning('last_seq')
      .executeTakeFirstOrThrow();
    const inserted = await tx
      .insertInto('chat_messages')
      .values({
        ref: row.ref,
        conversation_id: row.conversationId,
        seq,
        sender_id: row.senderId,
        sender_role: row.senderRole,
        author_id: row.authorId,
        body: row.body,
        booking_id: row.bookingId,
        attachment_kind: row.attachment?.kind ?? null,
        attachment_name: row.attachment?.name ?? null,
        attachment_size: row.attachment?.size ?? null,
        attachment_mime: row.attachment?.mime ?? null,
        attachment_key: row.attachment?.key ?? null,
        created_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('chat_members')
      .set({ last_read_seq: seq })
      .where('conversation_id', '=', row.conversationId)
      .where('user_id', '=', row.senderId)
      .execute();
    return inserted.id;
  });
}

/** Moves a member's read mark forward to `seq` (never back, never past the last message). */
export async function markRead(db: DB, conversationId: number, userId: number, seq: number) {
  await db
    .updateTable('chat_members')
    .set({ last_read_seq: seq })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('last_read_seq', '<', seq)
    .execute();
}

/** Appointments, not mere carts: a held booking is a checkout in progress. */
function appointments(db: DB) {
  return db.selectFrom('bookings').where('state', '!=', 'held');
}

/** What a message's link to an appointment shows. */
const linkedBookingColumns = ['id', 'ref', 'title', 'starts_at'] as const;

/** The appointment `ref` when `userId` is its professional or its client (held carts are not). */
export function findBookingOfParty(db: DB, userId: number, ref: string) {
  return appointments(db)
    .select([...linkedBookingColumns, 'professional_id', 'client_id'])
    .where('ref', '=', ref)
    .where((eb) => eb.or([eb('professional_id', '=', userId), eb('client_id', '=', userId)]))
    .executeTakeFirst();
}

/** An appointment between the two, by ref (the link a message carries). */
export function findBookingOfPair(db: DB, professionalId: number, clientId: number, ref: string) {
  return appointments(db)
    .select(linkedBookingColumns)
    .where('ref', '=', ref)
    .where('professional_id', '=', professionalId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function findUserByRef(db: DB, ref: string) {
  return db.selectFrom('users').select(['id', 'ref', 'user_type']).where('ref', '=', ref).executeTakeFirst();
}

/**
 * Whether `professionalId` and `clientId` know each other: an appointment (not a mere cart), a
 * sale, or a live contact record of the professional linked to the client's account.
 */
export async function pairIsRelated(db: DB, professionalId: number, clientId: number): Promise<boolean> {
  const booking = await appointments(db)
    .select('id')
    .where('professional_id', '=', professionalId)
    .where('client_id', '=', clientId)
    .limit(1)
    .executeTakeFirst();
  if (booking) return true;
  const sale = await db
    .selectFrom('sales')
    .select('id')
    .where('seller_id', '=', professionalId)
    .where('buyer_id', '=', clientId)
    .limit(1)
    .executeTakeFirst();
  if (sale) return true;
  const contact = await db
    .selectFrom('contacts')
    .select('id')
    .where('professional_id', '=', professionalId)
    .where('user_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return contact !== undefined;
}

/** A seat (booking) `ref` of a group turn whose professional or client is `userId`. */
export function findGroupSeatOfParty(db: DB, userId: number, ref: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('publications as p', 'p.id', 'b.publication_id')
    .select([
      'b.id',
      'b.ref',
      'b.title',
      'b.starts_at',
      'b.state',
      'b.publication_id',
      'b.professional_id',
      'b.client_id',
    ])
    .where('b.ref', '=', ref)
    .where('b.state', '!=', 'held')
    .where('p.group_capacity', '>', 1)
    .where((eb) => eb.or([eb('b.professional_id', '=', userId), eb('b.client_id', '=', userId)]))
    .executeTakeFirst();
}

/** A seat of the group turn by ref (the appointment a group message links to). */
export function findSeatOfGroup(db: DB, publicationId: number, startsAt: string, ref: string) {
  return appointments(db)
    .select(linkedBookingColumns)
    .where('ref', '=', ref)
    .where('publication_id', '=', publicationId)
    .where('starts_at', '=', startsAt)
    .executeTakeFirst();
}

export function findGroupConversation(db: DB, publicationId: number, startsAt: string) {
  return db
    .selectFrom('chat_conversations')
    .select(['id', 'ref'])
    .where('group_publication_id', '=', publicationId)
    .where('group_starts_at', '=', startsAt)
    .executeTakeFirst();
}

export interface NewGroupConversation {
  ref: string;
  professionalId: number;
  publicationId: number;
  startsAt: string;
  title: string;
  at: string;
}

/**
 * Creates a group turn's conversation with its professional as first member; answers false when
 * another request created it first (the turn is unique), so the caller reads that one instead.
 */
export function insertGroupConversation(db: DB, row: NewGroupConversation): Promise<boolean> {
  return insertWithMembers(
    db,
    {
      ref: row.ref,
      professional_id: row.professionalId,
      client_id: null,
      group_publication_id: row.publicationId,
      group_starts_at: row.startsAt,
      group_title: row.title,
      activity_at: row.at,
      created_at: row.at,
    },
    [{ user_id: row.professionalId, role: 'professional' }],
  );
}

/**
 * Adds every client seated in the turn (with an account) who is not a member yet. A seat booked
 * after the conversation began joins on the next open or message; a cancelled seat's row stays
 * (its read mark is history) but liveMember() no longer counts it.
 */
export async function addGroupMembers(
  db: DB,
  conversationId: number,
  publicationId: number,
  startsAt: string,
): Promise<void> {
  const seated = await db
    .selectFrom('bookings')
    .select('client_id')
    .distinct()
    .where('publication_id', '=', publicationId)
    .where('starts_at', '=', startsAt)
    .where('state', 'in', ['pending', 'confirmed', 'done'])
    .where('client_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_members as known')
            .select('known.user_id')
            .where('known.conversation_id', '=', conversationId)
            .whereRef('known.user_id', '=', 'bookings.client_id'),
        ),
      ),
    )
    .execute();
  const rows = seated.flatMap((s) =>
    s.client_id === null
      ? []
      : [{ conversation_id: conversationId, user_id: s.client_id, role: 'client' as const }],
  );
  if (rows.length === 0) return;
  await db
    .insertInto('chat_members')
    .values(rows)
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
    .execute();
}

/** The members of a conversation who still count (see liveMember), with their side. */
export function listLiveMembers(db: DB, conversationId: number) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.user_id as userId', 'm.role as role'])
    .where('m.conversation_id', '=', conversationId)
    .where(liveMember('m'))
    .execute();
}
