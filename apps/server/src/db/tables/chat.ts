import type { Generated } from 'kysely';

export type ChatMemberRole = 'professional' | 'client';

/** One conversation per professional and client (0018), or per group turn (0035). */
export interface ChatConversationsTable {
  id: Generated<number>;
  ref: string;
  professional_id: number;
  /** The client of a 1:1 conversation; null for a group's (its clients are its members). */
  client_id: number | null;
  /** The seq of the newest message; 0 before the first. */
  last_seq: Generated<number>;
  /** The newest message's instant, or the creation's: the list's order. */
  activity_at: string;
  created_at: string;
  /** 0035: the group turn (publication and start) a group conversation belongs to; null for 1:1. */
  group_publication_id: number | null;
  group_starts_at: string | null;
  /** The group's title when the conversation was opened (what the list shows for it). */
  group_title: string | null;
}

export interface ChatMembersTable {
  conversation_id: number;
  /** The account (a team member reads and writes as the professional's account). */
  user_id: number;
  role: ChatMemberRole;
  /** Messages up to this seq are read by this member. */
  last_read_seq: Generated<number>;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  ref: string;
  conversation_id: number;
  seq: number;
  sender_id: number;
  sender_role: ChatMemberRole;
  author_id: number;
  body: string;
  booking_id: number | null;
  /** 0034: one image (stored as webp) or PDF; all five null for a text-only message. */
  attachment_kind: 'image' | 'pdf' | null;
  attachment_name: string | null;
  attachment_size: number | null;
  attachment_mime: string | null;
  /** Path under the private chat folder (never served by the public /files/ mount). */
  attachment_key: string | null;
  created_at: string;
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
}
