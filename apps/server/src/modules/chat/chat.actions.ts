import { handle } from '../../rpc.ts';
import { chatHistory, listChats, markChatRead, openChat, sendChatMessage } from './chat.service.ts';

/**
 * The chat (issue 17). Both sides call the same actions ('participant'); who may see a
 * conversation is decided per record in the service, and everything else answers E404.
 */
export const chatHandlers = [
  handle('find-chats', 'participant', (input, ctx) => listChats(ctx.deps, ctx.user, input.next)),
  handle('open-chat', 'participant', (input, ctx) =>
    openChat(ctx.deps, ctx.user, input.ref, input.group ?? false),
  ),
  handle('find-chat-messages', 'participant', (input, ctx) =>
    chatHistory(ctx.deps, ctx.user, input.ref, input.before),
  ),
  handle('send-chat-message', 'participant', async (input, ctx) => ({
    message: await sendChatMessage(ctx.deps, ctx.user, input),
  })),
  handle('mark-chat-read', 'participant', (input, ctx) =>
    markChatRead(ctx.deps, ctx.user, input.ref, input.seq),
  ),
];
