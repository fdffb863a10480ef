import { z } from 'zod';
import { action, ok } from '../action.ts';
import {
  ChatBookingLink,
  ChatMessage,
  ChatSummary,
  chatErrors,
  chatMessageMaxLength,
} from '../shapes/chat.ts';
import { NextPage } from '../shapes/paging.ts';
import { Ref } from './fields.ts';

/** chats/{ref?}: the viewer's conversations, most recent activity first, paged by cursor. */
export const findChats = action('find-chats', {
  input: z.object({
    next: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'E1')
      .nullish(),
  }),
  output: ok({ chats: z.array(ChatSummary), next: NextPage, unreadTotal: z.number().int() }),
  errors: chatErrors,
});

/**
 * chat/{ref}, prof-chat/{ref} and chats/{ref}: the ref is a conversation, an appointment (the
 * panel's chat button) or the other person's account ref (the contact's Chat tab, 'Escribir al
 * professional'). The conversation of the pair is created on first use, only between a
 * professional and a client who share an appointment, a purchase or a contact record.
 */
export const openChat = action('open-chat', {
  input: z.object({
    ref: Ref,
    /**
     * "Chat del grupo": `ref` is a seat of a group appointment and the answer is that turn's one
     * conversation (its professional and every client still booked in it), not the pair's.
     */
    group: z.boolean().optional(),
  }),
  output: ok({ chat: ChatSummary, booking: ChatBookingLink.nullable() }),
  errors: chatErrors,
});

/** One page of history, newest first by `before` cursor; the page itself is in ascending order. */
export const findChatMessages = action('find-chat-messages', {
  input: z.object({
    ref: Ref,
    before: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'E1')
      .nullish(),
  }),
  output: ok({ messages: z.array(ChatMessage), before: NextPage }),
  errors: chatErrors,
});

export const sendChatMessage = action('send-chat-message', {
  input: z.object({
    ref: Ref,
    text: z.string({ error: 'E2' }).trim().min(1, 'E2').max(chatMessageMaxLength, 'E3'),
    /** The appointment the message is about (the one the chat was opened from), if any. */
    bookingRef: Ref.nullish(),
  }),
  output: ok({ message: ChatMessage }),
  errors: chatErrors,
});

/** The viewer has read the conversation up to `seq` (never moves back). */
export const markChatRead = action('mark-chat-read', {
  input: z.object({ ref: Ref, seq: z.number({ error: 'E1' }).int('E1').min(0, 'E1') }),
  output: ok({ unread: z.number().int() }),
  errors: chatErrors,
});
