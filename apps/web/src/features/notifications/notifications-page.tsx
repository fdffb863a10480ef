import type { AppNotification } from '@agendo/contract';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { EmptyNote, RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import classes from './notifications.module.css';
import { notificationsTexts } from './notifications-texts.ts';
import { disablePush, enablePush, type PushState, pushState } from './push-subscription.ts';
import { useMarkRead, useNotifications, useNotificationsChannel } from './use-notifications.ts';

/**
 * notifications (spec 000 §2.2; issue 17): what happened to the viewer, newest first, unread
 * ones marked, each leading to its screen. The update banner stays hidden here (spec 000 §2.3,
 * app/update-banner.tsx).
 */
export function NotificationsPage() {
  const tx = useTexts(notificationsTexts);
  useDocumentTitle(`${tx('title')} · Agendo`);
  return (
    <RequireLogin>
      <NotificationsScreen />
    </RequireLogin>
  );
}

function NotificationsScreen() {
  const tx = useTexts(notificationsTexts);
  const list = useNotifications();
  const markRead = useMarkRead();
  useNotificationsChannel();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz={28}>
            {tx('title')}
          </Title>
          <Button
            variant="light"
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables === null}
            onClick={() => markRead.mutate(null)}
          >
            {tx('markAll')}
          </Button>
        </Group>

        <PushOptIn />

        {list.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={tx('title')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        ) : list.isError ? (
          <RetryAlert text={tx('loadError')} retry={list.refetch} />
        ) : notifications.length === 0 ? (
          <EmptyNote
            icon={<IconBellOff size={32} aria-hidden />}
            title={tx('empty')}
            text={tx('emptyHint')}
          />
        ) : (
          <>
            <ul className={classes.list}>
              {notifications.map((n) => (
                <NotificationRow
                  key={n.ref}
                  notification={n}
                  onOpen={() => !n.read && markRead.mutate(n.ref)}
                />
              ))}
            </ul>
            {list.hasNextPage && (
              <Button
                variant="subtle"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {tx('loadMore')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

const whenFormats = {
  es: new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
  en: new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
};

function NotificationRow({ notification: n, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const tx = useTexts(notificationsTexts);
  const lang = useLang();
  const { to } = usePrefix();
  return (
    <li className={classes.item} data-unread={n.read ? undefined : ''}>
      <Link className={classes.link} to={to(n.link ?? 'notifications')} onClick={onOpen}>
        <span className={classes.dot} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={n.read ? 500 : 700} size="sm">
            {n.read ? null : <VisuallyHidden>{`${tx('unread')}: `}</VisuallyHidden>}
            {n.title}
          </Text>
          <Text size="sm" c="dimmed">
            {n.body}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={n.createdAt}>{whenFormats[lang].format(new Date(n.createdAt))}</time>
          </Text>
        </Stack>
      </Link>
    </li>
  );
}

/** The opt-in for web push on this device (the installed PWA on a phone, or a desktop browser). */
function PushOptIn() {
  const tx = useTexts(notificationsTexts);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  if (state === null) return null;

  const run = async (change: () => Promise<PushState>) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await change());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600}>{tx('pushTitle')}</Text>
        {state === 'unsupported' && (
          <Text size="sm" c="dimmed">
            {tx('pushUnsupported')}
          </Text>
        )}
        {state === 'denied' && (
          <Text size="sm" c="dimmed">
            {tx('pushDenied')}
          </Text>
        )}
        {state === 'off' && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{tx('pushOff')}</Text>
            <Button loading={busy} onClick={() => void run(enablePush)}>
              {tx('pushEnable')}
            </Button>
          </Group>
        )}
        {state === 'on' && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{tx('pushOn')}</Text>
            <Button variant="default" loading={busy} onClick={() => void run(disablePush)}>
              {tx('pushDisable')}
            </Button>
          </Group>
        )}
        {failed && (
          <Text size="sm" c="red" role="alert">
            {tx('pushFailed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
