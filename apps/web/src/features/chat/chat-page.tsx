import { Alert, Button, Center, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMessageCircle, IconWifiOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { groupChatParam } from '../../lib/group-chat.ts';
import { useRealtimeStatus } from '../../lib/realtime.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useUserData } from '../../lib/user-data.ts';
import classes from './chat.module.css';
import { chatTexts } from './chat-texts.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationNotFound, ConversationView } from './conversation-view.tsx';
import { useChatChannel, useOpenChat } from './use-chat.ts';

/** The other side's typing shows this long after their last "typing" unless they stop first. */
const typingShownMs = 6_000;

/**
 * chats/{ref?}, chat/{ref?} and prof-chat/{ref?} (spec 000 §2.2, 001 §2 Chat tab; issue 17):
 * the conversations beside the open one on a desktop, one or the other on a phone. The ref may
 * be a conversation, an appointment or the other person's account; the server finds the pair's
 * conversation.
 */
export function ChatPage() {
  const loggedIn = useIsLoggedIn();
  const tx = useTexts(chatTexts);
  const { to } = usePrefix();
  const { pathname } = useLocation();
  const { ref } = useParams();
  const [search] = useSearchParams();
  useDocumentTitle(`${tx('title')} · Agendo`);
  if (!loggedIn) {
    const back = `${pathname}${search.size > 0 ? `?${search.toString()}` : ''}`;
    return <Navigate to={`${to('login')}?next=${encodeURIComponent(back)}`} replace />;
  }
  // "Chat del grupo" (issue 17): the route's ref is a seat of a group appointment.
  return <ChatScreen routeRef={ref} group={search.get(groupChatParam) === '1'} />;
}

function ChatScreen({ routeRef, group }: { routeRef: string | undefined; group: boolean }) {
  const tx = useTexts(chatTexts);
  const { to } = usePrefix();
  const opened = useOpenChat(routeRef, group);
  const user = useUserData();
  const status = useRealtimeStatus();
  const live = useLiveState();
  useChatChannel(live);

  const chat = opened.data?.chat ?? null;
  const open = Boolean(routeRef);
  const professional = user.data?.userType === 1;
  // The way to a first conversation depends on the side; it waits for the account's flags.
  const empty = (
    <Stack p="lg" gap="sm" align="flex-start">
      <Text fw={600}>{tx('emptyList')}</Text>
      {user.data && (
        <>
          <Text size="sm" c="dimmed">
            {professional ? tx('emptyListProfessional') : tx('emptyListClient')}
          </Text>
          <Button component={Link} to={to(professional ? 'clients' : 'my-bookings')} variant="light">
            {professional ? tx('goContacts') : tx('goBookings')}
          </Button>
        </>
      )}
    </Stack>
  );

  return (
    <Container size="lg" py={{ base: 'md', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md" className={classes.pageTitle} data-open={open}>
        {tx('title')}
      </Title>
      {status === 'offline' && live.everOpen && (
        <Alert color="yellow" icon={<IconWifiOff aria-hidden />} mb="sm" role="status">
          {tx('reconnecting')}
        </Alert>
      )}
      <div className={classes.layout} data-open={open}>
        <section className={`${classes.panel} ${classes.listPanel}`} aria-label={tx('listLabel')}>
          <div className={classes.listScroll}>
            <ConversationList
              current={chat?.ref ?? null}
              hrefOf={(r) => to(`chats/${r}`)}
              typing={live.typingChats}
              empty={empty}
            />
          </div>
        </section>
        <section className={`${classes.panel} ${classes.conversationPanel}`}>
          {!routeRef ? (
            <Center h="100%" p="lg">
              <Stack align="center" gap="xs">
                <IconMessageCircle size={40} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text c="dimmed">{tx('pickOne')}</Text>
              </Stack>
            </Center>
          ) : opened.isPending ? (
            <Stack p="md" gap="sm" aria-busy="true">
              <Skeleton height={44} width="50%" radius="md" />
              <Skeleton height={36} width="60%" radius="lg" />
              <Skeleton height={36} width="45%" radius="lg" ml="auto" />
            </Stack>
          ) : chat === null ? (
            <ConversationNotFound backTo={to('chats')} />
          ) : (
            <ConversationView
              key={chat.ref}
              chat={chat}
              booking={opened.data?.booking ?? null}
              typing={live.typingChats.has(chat.ref)}
              readByCounterpart={Math.max(
                chat.readByCounterpart,
                live.readMarks[`${chat.ref}|${chat.role === 'professional' ? 'client' : 'professional'}`] ??
                  0,
              )}
              backTo={to('chats')}
            />
          )}
        </section>
      </div>
    </Container>
  );
}

/** What the channel says that no query holds: who is typing where, and the other side's read marks. */
function useLiveState() {
  const [typingChats, setTypingChats] = useState<ReadonlySet<string>>(new Set());
  const [readMarks, setReadMarks] = useState<Record<string, number>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const status = useRealtimeStatus();
  const [everOpen, setEverOpen] = useState(false);
  useEffect(() => {
    if (status === 'open') setEverOpen(true);
  }, [status]);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  const onTyping = useCallback((chat: string, typing: boolean) => {
    clearTimeout(timers.current.get(chat));
    setTypingChats((current) => {
      if (current.has(chat) === typing) return current;
      const next = new Set(current);
      if (typing) next.add(chat);
      else next.delete(chat);
      return next;
    });
    if (typing)
      timers.current.set(
        chat,
        setTimeout(() => onTypingRef.current(chat, false), typingShownMs),
      );
  }, []);
  const onTypingRef = useRef(onTyping);
  onTypingRef.current = onTyping;

  // Keyed by conversation and reader: the viewer's own other tabs report reads too.
  const onRead = useCallback((chat: string, role: 'professional' | 'client', seq: number) => {
    const key = `${chat}|${role}`;
    setReadMarks((current) => ((current[key] ?? 0) >= seq ? current : { ...current, [key]: seq }));
  }, []);

  return { typingChats, readMarks, everOpen, onTyping, onRead };
}

/**
 * One conversation without the list: the video room's in-room chat (ref: the appointment; in a
 * group room, `group` opens the group's conversation from that seat).
 */
export function EmbeddedChat({
  bookingRef,
  group = false,
  backTo,
}: {
  bookingRef: string;
  group?: boolean;
  backTo: string;
}) {
  const opened = useOpenChat(bookingRef, group);
  const live = useLiveState();
  useChatChannel(live);
  const chat = opened.data?.chat ?? null;
  if (opened.isPending) return <Skeleton height={120} radius="md" />;
  if (chat === null) return <ConversationNotFound backTo={backTo} />;
  return (
    <ConversationView
      chat={chat}
      booking={opened.data?.booking ?? null}
      typing={live.typingChats.has(chat.ref)}
      readByCounterpart={Math.max(
        chat.readByCounterpart,
        live.readMarks[`${chat.ref}|${chat.role === 'professional' ? 'client' : 'professional'}`] ?? 0,
      )}
      backTo={backTo}
    />
  );
}
