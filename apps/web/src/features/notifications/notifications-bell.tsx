import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { notificationsTexts } from './notifications-texts.ts';
import { useNotificationsChannel, useUnreadCount } from './use-notifications.ts';

/**
 * The header's bell (issue 17): the unread count, live over the channel, and the way to the
 * notifications screen. Only signed-in people get it, in a chunk of its own (public pages load
 * nothing more).
 */
export function NotificationsBell() {
  const tx = useTexts(notificationsTexts);
  const { to } = usePrefix();
  const unread = useUnreadCount();
  useNotificationsChannel();
  const count = unread.data ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      offset={6}
      color="red"
      disabled={count === 0}
      inline
    >
      <ActionIcon
        component={Link}
        to={to('notifications')}
        variant="subtle"
        size={44}
        radius="xl"
        aria-label={count > 0 ? tx('bellUnread', { count }) : tx('bell')}
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
