import {
  type ChatAttachment,
  type ChatBookingLink,
  type ChatMessage,
  type ChatSummary,
  chatMessageMaxLength,
} from '@agendo/contract';
import * as chatActions from '@agendo/contract/chat';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCheck,
  IconChecks,
  IconFileTypePdf,
  IconPaperclip,
  IconSend,
} from '@tabler/icons-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { fetchPrivate } from '../../lib/private-file.ts';
import { realtime } from '../../lib/realtime.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { useDocumentReader } from '../../ui/document-reader-slot.tsx';
import { RetryAlert } from '../../ui/list-page.tsx';
import classes from './chat.module.css';
import { chatTexts } from './chat-texts.ts';
import { appointmentWhen, clockTime, dayLabel, sameDay } from './chat-time.ts';
import { ChatAvatar } from './conversation-list.tsx';
import {
  isMine,
  messagesOf,
  useMarkRead,
  useMessages,
  useSendAttachment,
  useSendMessage,
} from './use-chat.ts';

/** While typing, the other side is told again every few seconds; silence for longer ends it. */
const typingRepeatMs = 3_000;
const typingIdleMs = 4_000;

/** One open conversation: header, history (paged back), typing indicator and composer. */
export function ConversationView({
  chat,
  booking,
  typing,
  readByCounterpart,
  backTo,
}: {
  chat: ChatSummary;
  booking: ChatBookingLink | null;
  typing: boolean;
  readByCounterpart: number;
  backTo: string;
}) {
  const tx = useTexts(chatTexts);
  const history = useMessages(chat.ref);
  const messages = messagesOf(history.data);
  const firstName = chat.counterpart.name.split(' ')[0] ?? chat.counterpart.name;
  const scroller = useScrollKeeper(messages);
  useMarkReadWhileOpen(chat, messages);
  const viewerRef = useUserData().data?.ref;
  const mine = (m: ChatMessage) => isMine(chat, m, viewerRef);

  // The newest own message carries the receipt ('Enviado' or 'Leído'), as in every messenger; in a
  // group 'Leído' means read by every other member.
  const lastMine = [...messages].reverse().find(mine);

  return (
    <>
      <div className={classes.header}>
        <ActionIcon
          component={Link}
          to={backTo}
          variant="subtle"
          size={44}
          className={classes.back}
          aria-label={tx('back')}
        >
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <ChatAvatar chat={chat} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} truncate component="h2" fz="md" m={0}>
            {chat.counterpart.name}
          </Text>
          {chat.group ? (
            <Text size="xs" c="dimmed" truncate>
              {tx('groupOf', { when: appointmentWhen(chat.group.startsAt) })}
            </Text>
          ) : (
            booking && (
              <Text size="xs" c="dimmed" truncate>
                {tx('aboutBooking', { title: booking.title })}
              </Text>
            )
          )}
        </Stack>
      </div>

      <div
        className={classes.messages}
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={chat.counterpart.name}
      >
        {history.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            mx="auto"
            onClick={() => history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            {tx('older')}
          </Button>
        )}
        {history.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={36} width="55%" radius="lg" />
            <Skeleton height={36} width="40%" radius="lg" ml="auto" />
            <Skeleton height={52} width="60%" radius="lg" />
          </Stack>
        ) : history.isError ? (
          <RetryAlert text={tx('loadError')} retry={() => history.refetch()} />
        ) : messages.length === 0 ? (
          <Text c="dimmed" ta="center" m="auto" maw={320}>
            {chat.group ? tx('noMessagesGroup') : tx('noMessages', { name: firstName })}
          </Text>
        ) : (
          messages.map((message, i) => (
            <Fragment key={message.id}>
              {(i === 0 || !sameDay(messages[i - 1]?.createdAt ?? '', message.createdAt)) && (
                <Text size="xs" c="dimmed" fw={600} className={classes.day}>
                  {dayLabel(message.createdAt, { today: tx('today'), yesterday: tx('yesterday') })}
                </Text>
              )}
              <Bubble
                message={message}
                mine={mine(message)}
                // In a group several people write on the other side: each bubble says who.
                author={chat.group && !mine(message) ? message.senderName : null}
                role={chat.role}
                receipt={
                  message.id === lastMine?.id ? (message.seq <= readByCounterpart ? 'read' : 'sent') : null
                }
              />
            </Fragment>
          ))
        )}
      </div>

      <Text size="sm" c="dimmed" fs="italic" className={classes.typing} aria-live="polite">
        {typing ? (chat.group ? tx('typingSomeone') : tx('typing', { name: firstName })) : ''}
      </Text>
      <Composer chat={chat.ref} bookingRef={booking?.ref ?? null} />
    </>
  );
}

function Bubble({
  message,
  mine,
  author,
  role,
  receipt,
}: {
  message: ChatMessage;
  mine: boolean;
  author: string | null;
  role: ChatSummary['role'];
  receipt: 'sent' | 'read' | null;
}) {
  const tx = useTexts(chatTexts);
  const { to } = usePrefix();
  const bookingPath = role === 'professional' ? 'my-tools' : 'my-bookings';
  return (
    <div className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`}>
      {author && (
        <Text size="xs" fw={700} c="brand.8" component="p" m={0}>
          {author}
        </Text>
      )}
      {message.booking && (
        <Link className={classes.bookingLink} to={to(`${bookingPath}/${message.booking.ref}`)}>
          {tx('about')}: {message.booking.title} · {appointmentWhen(message.booking.startsAt)}
        </Link>
      )}
      {message.attachment && <Attachment attachment={message.attachment} />}
      {message.text && (
        <Text size="sm" c="inherit" component="p" m={0}>
          {message.text}
        </Text>
      )}
      <div className={classes.meta}>
        <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
        {receipt && (
          <>
            {receipt === 'read' ? <IconChecks size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
            <span>{receipt === 'read' ? tx('read') : tx('sent')}</span>
          </>
        )}
      </div>
    </div>
  );
}

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An attached image (a thumbnail) or PDF (a chip); either opens in the shell's readers (spec 000
 * §2.3; a new tab on phones). The bytes need the session's header, so they are fetched and shown
 * through a blob: URL.
 */
function Attachment({ attachment }: { attachment: ChatAttachment }) {
  const tx = useTexts(chatTexts);
  const openDocument = useDocumentReader();
  const [image, setImage] = useState<{ blob: Blob; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const { kind, url, name } = attachment;
  useEffect(() => {
    if (kind !== 'image') return;
    let objectUrl: string | null = null;
    let alive = true;
    fetchPrivate(url)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ blob, src: objectUrl });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, url]);

  const open = (load: () => Promise<Blob>) =>
    void openDocument({ kind, title: name, fileName: name, load }).catch(() =>
      notifications.show({ color: 'red', message: tx('fileError') }),
    );

  if (kind === 'pdf') {
    return (
      <UnstyledButton
        className={classes.fileChip}
        aria-label={tx('openPdf', { name })}
        onClick={() => open(() => fetchPrivate(url))}
      >
        <IconFileTypePdf size={22} aria-hidden />
        <span className={classes.fileName}>{name}</span>
        <span className={classes.fileSize}>{fileSize(attachment.size)}</span>
      </UnstyledButton>
    );
  }
  if (failed) return <Text size="xs">{tx('fileError')}</Text>;
  if (!image) return <Skeleton height={120} width={160} radius="md" />;
  return (
    <UnstyledButton
      className={classes.thumb}
      aria-label={tx('openImage', { name })}
      onClick={() => open(async () => image.blob)}
    >
      <img src={image.src} alt={name} />
    </UnstyledButton>
  );
}

/**
 * Keeps the view at the newest message when one arrives (if the reader was already there), and
 * in place when older pages are added above.
 */
function useScrollKeeper(messages: ChatMessage[]) {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<{ newest: string | undefined; height: number; atBottom: boolean }>({
    newest: undefined,
    height: 0,
    atBottom: true,
  });
  const newest = messages.at(-1)?.id;
  const count = messages.length;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || count === 0) return;
    const before = last.current;
    if (newest !== before.newest) {
      if (before.atBottom || before.newest === undefined) el.scrollTop = el.scrollHeight;
    } else if (el.scrollHeight !== before.height && !before.atBottom) {
      // Older messages were added above: keep what the reader was looking at where it was.
      el.scrollTop += el.scrollHeight - before.height;
    }
    last.current = { newest, height: el.scrollHeight, atBottom: before.atBottom };
  }, [newest, count]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      last.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      last.current.height = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  return ref;
}

/** While the conversation is on screen, what the other side wrote counts as read. */
function useMarkReadWhileOpen(chat: ChatSummary, messages: ChatMessage[]) {
  const { mutate } = useMarkRead();
  const marked = useRef(0);
  const newest = messages.at(-1);
  const seq = Math.max(newest?.seq ?? 0, chat.lastSeq);
  const pending = chat.unread > 0 || (newest !== undefined && newest.senderRole !== chat.role);
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible' || !pending || seq <= marked.current) return;
      marked.current = seq;
      mutate({ ref: chat.ref, seq });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [chat.ref, seq, pending, mutate]);
}

function Composer({ chat, bookingRef }: { chat: string; bookingRef: string | null }) {
  const tx = useTexts(chatTexts);
  const { lang } = usePrefix();
  const [text, setText] = useState('');
  const send = useSendMessage(chat, bookingRef);
  const attach = useSendAttachment(chat);
  const typingSince = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopTyping = () => {
    clearTimeout(idle.current);
    if (typingSince.current > 0) realtime.send({ type: 'chat.typing', chat, typing: false });
    typingSince.current = 0;
  };
  const stopRef = useRef(stopTyping);
  stopRef.current = stopTyping;
  // Leaving the conversation ends the indicator on the other side.
  useEffect(() => () => stopRef.current(), []);

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - typingSince.current > typingRepeatMs) {
      if (realtime.send({ type: 'chat.typing', chat, typing: true })) typingSince.current = now;
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, typingIdleMs);
  };

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    stopTyping();
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (error) => {
        if (error instanceof ApiError && error.isNetwork) return;
        notifications.show({
          color: 'red',
          message: errorText(
            chatActions.sendChatMessage,
            error instanceof ApiError ? error.message : undefined,
            lang,
          ),
        });
      },
    });
  };

  const sendFile = (file: File | null) => {
    if (!file || attach.isPending) return;
    stopTyping();
    // What is in the box goes with the file as its caption.
    attach.mutate(
      { file, text: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (error) => {
          if (error instanceof ApiError && error.isNetwork) return;
          notifications.show({
            color: 'red',
            message: error instanceof ApiError && error.message ? error.message : tx('fileError'),
          });
        },
      },
    );
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={sendFile} accept="image/jpeg,image/png,image/webp,application/pdf">
          {(props) => (
            <ActionIcon
              {...props}
              size={44}
              radius="xl"
              variant="subtle"
              loading={attach.isPending}
              aria-label={attach.isPending ? tx('attaching') : tx('attach')}
              title={tx('attach')}
              mb={22}
            >
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          aria-label={tx('composerLabel')}
          placeholder={tx('composerLabel')}
          description={tx('composerHint')}
          inputWrapperOrder={['label', 'input', 'description']}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={chatMessageMaxLength}
          style={{ flex: 1 }}
          radius="lg"
        />
        <ActionIcon
          type="submit"
          size={44}
          radius="xl"
          color="brand"
          loading={send.isPending}
          disabled={!text.trim()}
          aria-label={tx('send')}
          mb={22}
        >
          <IconSend size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}

export function ConversationNotFound({ backTo }: { backTo: string }) {
  const tx = useTexts(chatTexts);
  return (
    <Stack p="lg" align="flex-start">
      <Alert color="gray" role="alert" w="100%">
        {tx('notFound')}
      </Alert>
      <Button component={Link} to={backTo} variant="light">
        {tx('back')}
      </Button>
    </Stack>
  );
}
