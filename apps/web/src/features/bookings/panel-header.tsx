import {
  appointmentBadge,
  type Booking,
  paymentBadgeText,
  videoCallPlatformIds,
  videoCallPlatformName,
} from '@agendo/contract';
import { Alert, Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRepeat, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { panelTexts } from './panel-texts.ts';

const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

export function longDate(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const text = new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const badgeColor = {
  'price-to-set': 'gray',
  unpaid: 'orange',
  paid: 'teal',
  free: 'blue',
  'free-trial': 'grape',
  'refund-pending': 'yellow',
  refunded: 'teal',
  'refund-flagged': 'red',
} as const;

export function PaymentBadge({
  booking,
}: {
  booking: {
    price: number;
    pay: 0 | 1;
    noPrice: 0 | 1;
    hidePrice: 0 | 1;
    priceProfOk?: 0 | 1;
    refundState?: Booking['refundState'];
  };
}) {
  const badge = appointmentBadge(booking);
  return (
    <Badge color={badgeColor[badge]} variant="light">
      {paymentBadgeText[badge].appointment}
    </Badge>
  );
}

/**
 * The card refund of a cancelled paid appointment (issue 12 "Refunds"), said to each side in its
 * own words (issue 34: the client sees her money coming back, not IMPAGA).
 */
const refundColor = { pending: 'yellow', done: 'teal', flagged: 'red' } as const;
const refundText = {
  pending: { professional: 'refundPending', client: 'refundPendingClient' },
  done: { professional: 'refundDone', client: 'refundDoneClient' },
  flagged: { professional: 'refundFlagged', client: 'refundFlaggedClient' },
} as const;

export function PanelHeader({ booking }: { booking: Booking }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const pro = booking.viewerRole === 'professional';
  const name = pro ? booking.clientName : booking.sellerName;
  const img = pro ? booking.imgClient : booking.imgSeller;
  const ownHour = pro ? booking.hourStart : booking.hourStartClient;
  const otherHour = pro ? booking.hourStartClient : booking.hourStart;
  const otherZone = pro ? booking.timezoneClient : booking.timezone;
  const platform = booking.platformVideoCall;
  return (
    <Stack gap="xs">
      <Group wrap="nowrap">
        <Avatar src={img} size="lg" radius="xl" alt="" />
        <div>
          <Text fw={700}>{name}</Text>
          <Text size="sm">{booking.title}</Text>
        </div>
      </Group>
      <Group gap={6}>
        {booking.state === 'cancelled' && <Badge color="red">{tx('cancelledOn')}</Badge>}
        {booking.state === 'done' && <Badge color="gray">{tx('done')}</Badge>}
        <PaymentBadge booking={booking} />
        {booking.recurrent === 1 && (
          <Badge variant="outline" leftSection={<IconRepeat size={12} aria-hidden />}>
            {tx('recurrent')}
          </Badge>
        )}
        {booking.groupId && (
          <Badge variant="outline" leftSection={<IconUsersGroup size={12} aria-hidden />}>
            {tx('group')}
          </Badge>
        )}
        <Badge variant="outline">{tx('minutes', { n: booking.duration })}</Badge>
      </Group>
      {booking.refundState && (
        <Alert color={refundColor[booking.refundState]} icon={<IconAlertCircle />}>
          {tx(refundText[booking.refundState][pro ? 'professional' : 'client'])}
        </Alert>
      )}
      <Text fw={600}>{tx('yourTime', { date: longDate(booking.date), hour: ownHour })}</Text>
      {otherHour !== ownHour && (
        <Text size="sm" c="dimmed">
          {tx('otherTime', {
            name: pro ? booking.clientName : booking.sellerName,
            hour: otherHour,
            zone: zoneName(otherZone),
          })}
        </Text>
      )}
      {booking.modalityChosen === 2 ? (
        <Text size="sm">{tx('place', { address: booking.address ?? '—' })}</Text>
      ) : (
        <Stack gap={2}>
          <Text size="sm">{tx('platform', { name: videoCallPlatformName(platform) })}</Text>
          {booking.linkVideoCall && (
            <Anchor size="sm" href={booking.linkVideoCall} target="_blank" rel="noreferrer">
              {tx('link')}
            </Anchor>
          )}
          {booking.passVideoCall && <Text size="sm">{tx('password', { value: booking.passVideoCall })}</Text>}
          {platform === videoCallPlatformIds.messaging && !pro && (
            <Text size="sm">
              {tx('messagingNote')}{' '}
              <Anchor component={Link} to={to('change-user-phone')}>
                {tx('addPhone')}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
