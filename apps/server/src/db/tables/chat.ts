import type { Generated } from 'kysely';

export type ChatMemberRole = 'professional' | 'client';

/** One conversation per professional and client (0018). */
export interface ChatConversationsTable {
  id: Generated<number>;
  ref: string;
  professional_id: number;
  client_id: number;
  /** The seq of the newest message; 0 before the first. */
  last_seq: Generated<number>;
  /** The newest message's instant, or the creation's: the list's order. */
  activity_at: string;
  created_at: string;
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
