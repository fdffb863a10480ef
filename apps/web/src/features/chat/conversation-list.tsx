import type { ChatSummary } from '@agendo/contract';
import { Avatar, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { useUserData } from '../../lib/user-data.ts';
import { RetryAlert } from '../../ui/list-page.tsx';
import classes from './chat.module.css';
import { chatTexts } from './chat-texts.ts';
import { shortWhen } from './chat-time.ts';
import { isMine, useChats } from './use-chat.ts';

/** chats: the viewer's conversations with the last message and an unread badge. */
export function ConversationList({
  current,
  hrefOf,
  typing,
  empty,
}: {
  current: string | null;
  hrefOf: (chat: string) => string;
  typing: ReadonlySet<string>;
  empty: React.ReactNode;
}) {
  const tx = useTexts(chatTexts);
  const chats = useChats();
  if (chats.isPending) {
    return (
      <Stack gap={6} p="sm" aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (chats.isError) return <RetryAlert text={tx('loadError')} retry={() => chats.refetch()} />;
  const all = chats.data.pages.flatMap((page) => page.chats);
  if (all.length === 0) return <>{empty}</>;
  return (
    <nav aria-label={tx('listLabel')}>
      <ul className={classes.list}>
        {all.map((chat) => (
          <li key={chat.ref}>
            <ConversationItem
              chat={chat}
              href={hrefOf(chat.ref)}
              current={chat.ref === current}
              typing={typing.has(chat.ref)}
            />
          </li>
        ))}
      </ul>
      {chats.hasNextPage && (
        <Group justify="center" p="sm">
          <Button variant="subtle" onClick={() => chats.fetchNextPage()} loading={chats.isFetchingNextPage}>
            {tx('loadMore')}
          </Button>
        </Group>
      )}
    </nav>
  );
}

function ConversationItem({
  chat,
  href,
  current,
  typing,
}: {
  chat: ChatSummary;
  href: string;
  current: boolean;
  typing: boolean;
}) {
  const tx = useTexts(chatTexts);
  const viewerRef = useUserData().data?.ref;
  const last = chat.lastMessage;
  const preview = typing
    ? chat.group
      ? tx('typingSomeone')
      : tx('typing', { name: chat.counterpart.name.split(' ')[0] ?? '' })
    : last
      ? `${isMine(chat, last, viewerRef) ? `${tx('you')}: ` : ''}${last.text || `📎 ${tx('attachment')}`}`
      : tx('noMessagesYet');
  return (
    <Link to={href} className={classes.item} aria-current={current ? 'page' : undefined}>
      <ChatAvatar chat={chat} />
      <div className={classes.itemText}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text fw={chat.unread > 0 ? 700 : 600} size="sm" truncate>
            {chat.counterpart.name}
          </Text>
          {last && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {shortWhen(last.createdAt)}
            </Text>
          )}
        </Group>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text size="sm" c={typing ? 'brand.7' : 'dimmed'} fs={typing ? 'italic' : undefined} truncate>
            {preview}
          </Text>
          {chat.unread > 0 && (
            <Badge
              size="sm"
              circle={chat.unread < 10}
              color="brand"
              aria-label={tx('unreadLabel', { count: chat.unread })}
              style={{ flexShrink: 0 }}
            >
              {chat.unread > 99 ? '99+' : chat.unread}
            </Badge>
          )}
        </Group>
      </div>
    </Link>
  );
}

/** The other person's picture, or for a group appointment's conversation the group's sign. */
export function ChatAvatar({ chat }: { chat: ChatSummary }) {
  if (chat.group) {
    return (
      <Avatar alt="" radius="xl" color="brand">
        <IconUsersGroup size={20} aria-hidden />
      </Avatar>
    );
  }
  return <Avatar src={chat.counterpart.img} alt="" radius="xl" color="brand" name={chat.counterpart.name} />;
}
