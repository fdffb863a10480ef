import { z } from 'zod';

/** The longest chat message, in characters (a few paragraphs; longer texts go as a PDF). */
export const chatMessageMaxLength = 2000;

/** Which side of a conversation: the professional (or their team) or the client. */
export const ChatRole = z.enum(['professional', 'client']);
export type ChatRole = z.infer<typeof ChatRole>;

/** The appointment a message is about (spec 000 §2.5: the panel's chat button opens it). */
export const ChatBookingLink = z.object({
  ref: z.string(),
  title: z.string(),
  /** UTC instant of the appointment's start. */
  startsAt: z.string(),
});
export type ChatBookingLink = z.infer<typeof ChatBookingLink>;

/** The largest chat attachment (an image before re-encoding, or a PDF). */
export const chatAttachmentMaxBytes = 10 * 1024 * 1024;

/**
 * A file attached to a message (issue 17): an image (re-encoded to webp) or a PDF. `url` is
 * fetched with the session's Bearer header (only the two parties and team sessions with
 * contactsChat get the bytes), so the web app shows it through a blob: URL.
 */
export const ChatAttachment = z.object({
  kind: z.enum(['image', 'pdf']),
  name: z.string(),
  /** Bytes as stored (after re-encoding an image). */
  size: z.number().int(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof ChatAttachment>;

/**
 * One message. `seq` numbers the messages of one conversation from 1 in the order they were
 * stored; read receipts say "read up to seq". `id` is the message's public ref.
 */
export const ChatMessage = z.object({
  id: z.string(),
  chat: z.string(),
  seq: z.number().int(),
  senderRole: ChatRole,
  /**
   * The account the message speaks for (the professional's also when their team typed it). In a
   * group several clients share the 'client' side; this tells the viewer's own messages apart.
   */
  senderRef: z.string().nullish(),
  senderName: z.string(),
  text: z.string(),
  booking: ChatBookingLink.nullable(),
  /** Absent or null for a text-only message (messages stored before attachments had none). */
  attachment: ChatAttachment.nullish(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** One conversation as the viewer sees it: the other person (or group), the last message, unread and read state. */
export const ChatSummary = z.object({
  ref: z.string(),
  /** The viewer's side in this conversation. */
  role: ChatRole,
  /** The other person; in a group's conversation, the group itself (its title, the conversation's ref). */
  counterpart: z.object({ ref: z.string(), name: z.string(), img: z.string().nullable() }),
  /** Set for a group appointment's conversation (issue 17): the turn's start, UTC. */
  group: z.object({ startsAt: z.string() }).nullish(),
  lastMessage: z
    .object({
      text: z.string(),
      senderRole: ChatRole,
      /** Who wrote it (see ChatMessage.senderRef): in a group, whether it was the viewer. */
      senderRef: z.string().nullish(),
      createdAt: z.string(),
      seq: z.number().int(),
    })
    .nullable(),
  /** Messages from the other side the viewer has not read. */
  unread: z.number().int(),
  /** The viewer's own messages up to this seq were read by the other side (in a group: by every other member). */
  readByCounterpart: z.number().int(),
  /** The highest seq stored so far (0 for a conversation without messages). */
  lastSeq: z.number().int(),
});
export type ChatSummary = z.infer<typeof ChatSummary>;

/**
 * The chat's catalogue. Whatever the caller may not see answers E404 exactly like an unknown ref
 * (issue 17: a stranger, another professional or a team member without contactsChat learns
 * nothing, not even that the conversation exists).
 */
export const chatErrors = {
  E2: { es: 'Escribe un mensaje.', en: 'Write a message.', field: 'text' },
  E3: {
    es: `El mensaje puede tener hasta ${chatMessageMaxLength} caracteres.`,
    en: `A message can have up to ${chatMessageMaxLength} characters.`,
    field: 'text',
  },
  E404: { es: 'No encontramos la conversación.', en: 'Conversation not found.', status: 404 },
};
