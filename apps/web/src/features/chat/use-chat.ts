import { type ChatMessage, type ChatSummary, type OutputOf, routes } from '@agendo/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../lib/api.ts';
import { useRealtime } from '../../lib/realtime.ts';
import { uploadFile } from '../../lib/upload-file.ts';

export const chatsKey = ['find-chats'] as const;
export const messagesKey = (chat: string) => ['find-chat-messages', chat] as const;
export const openChatKey = (ref: string, group = false) => ['open-chat', ref, group] as const;

type History = InfiniteData<OutputOf<'find-chat-messages'>, unknown>;

/** The viewer's conversations, most recent first, 'Ver más' by cursor. */
export function useChats() {
  return useInfiniteQuery({
    queryKey: chatsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => call('find-chats', { next: pageParam }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * chat/{ref}, prof-chat/{ref}, chats/{ref}: the conversation behind any of those refs; with
 * `group` ("Chat del grupo", ?grupo=1) the ref is a seat and the answer its group's conversation.
 */
export function useOpenChat(ref: string | undefined, group = false) {
  return useQuery({
    queryKey: openChatKey(ref ?? '', group),
    queryFn: () => call('open-chat', group ? { ref: ref ?? '', group } : { ref: ref ?? '' }),
    enabled: Boolean(ref),
    retry: false,
  });
}

/** The newest page first; older pages are fetched as the person scrolls back. */
export function useMessages(chat: string | undefined) {
  return useInfiniteQuery({
    queryKey: messagesKey(chat ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => call('find-chat-messages', { ref: chat ?? '', before: pageParam }),
    getNextPageParam: (last) => last.before ?? undefined,
    enabled: Boolean(chat),
  });
}

/**
 * Whether a message is the viewer's own. In a 1:1 conversation the side says it; in a group's the
 * clients share the 'client' side, so a client's own messages are told apart by the account.
 */
export function isMine(
  chat: Pick<ChatSummary, 'role' | 'group'>,
  message: { senderRole: ChatSummary['role']; senderRef?: string | null | undefined },
  viewerRef: string | undefined,
): boolean {
  if (message.senderRole !== chat.role) return false;
  if (!chat.group || chat.role === 'professional') return true;
  return viewerRef !== undefined && message.senderRef === viewerRef;
}

/** Oldest first, over every page loaded. */
export function messagesOf(data: History | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** Adds a message to the cached history once (it may come from the send's answer and the channel). */
export function addMessage(client: QueryClient, message: ChatMessage) {
  client.setQueryData<History>(messagesKey(message.chat), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const messages = [...newest.messages, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
}

export function useSendMessage(chat: string, bookingRef: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call('send-chat-message', { ref: chat, text, bookingRef }),
    onSuccess: ({ message }) => {
      addMessage(client, message);
      void client.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

/** A file (image or PDF) with the composer's text as its caption, through the upload route. */
export function useSendAttachment(chat: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, text }: { file: File; text: string }) => {
      const form = new FormData();
      // The route reads the conversation before the bytes.
      form.append('ref', chat);
      form.append('text', text);
      form.append('file', file);
      const def = routes.uploadChatAttachment;
      return uploadFile({ url: def.path, form, answer: def.output, errors: def.errors });
    },
    onSuccess: ({ message }) => {
      addMessage(client, message);
      void client.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ref: string; seq: number }) => call('mark-chat-read', input),
    onSuccess: () => client.invalidateQueries({ queryKey: chatsKey }),
  });
}

export interface ChatLive {
  onTyping(chat: string, typing: boolean): void;
  onRead(chat: string, role: 'professional' | 'client', seq: number): void;
}

/**
 * Keeps the chat's caches in step with the channel: a message joins its history, the list's
 * unread counts are read again (at most once a second), and after each (re)connection the lists
 * are refreshed, since read receipts are not replayed.
 */
export function useChatChannel(live: ChatLive) {
  const client = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshList = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void client.invalidateQueries({ queryKey: chatsKey });
    }, 1_000);
  };
  useRealtime((frame) => {
    switch (frame.type) {
      case 'chat.message':
        addMessage(client, frame.message);
        live.onTyping(frame.message.chat, false);
        refreshList();
        break;
      case 'chat.read':
        live.onRead(frame.chat, frame.role, frame.seq);
        refreshList();
        break;
      case 'chat.typing':
        live.onTyping(frame.chat, frame.typing);
        break;
      case 'ready':
      case 'resync':
        void client.invalidateQueries({ queryKey: chatsKey });
        // A first connection replays nothing: what arrived between the page's first read and the
        // socket's subscription is read again. A resync means too much was missed to replay.
        if (frame.type === 'resync' || frame.replayed === 0) {
          void client.invalidateQueries({ queryKey: ['find-chat-messages'] });
        }
        break;
    }
  });
}
