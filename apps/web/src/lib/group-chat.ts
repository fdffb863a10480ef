/**
 * "Chat del grupo" (issue 17): a group appointment's one conversation opens at chat/{seat} (the
 * client's side) or prof-chat/{seat} (the professional's) with this parameter; any seat of the
 * turn leads to the same conversation. Shared by the panel, the room and the chat screen.
 */
export const groupChatParam = 'grupo';

export function groupChatPath(side: 'chat' | 'prof-chat', seatRef: string): string {
  return `${side}/${seatRef}?${groupChatParam}=1`;
}
