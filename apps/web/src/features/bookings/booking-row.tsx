import type { Booking } from '@agendo/contract';
import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRepeat, IconUsers } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { stateTextKey } from './agenda-state.ts';
import { bookingsTexts } from './bookings-texts.ts';
import { PaymentBadge } from './payment-badge.tsx';

/** The day and hour of an appointment in the viewer's zone (the professional's or the client's). */
export function viewerWhen(booking: Booking, lang: string) {
  const zone = booking.viewerRole === 'client' ? booking.timezoneClient : booking.timezone;
  const start = DateTime.fromISO(booking.dateNoFormat, { zone: 'utc' }).setZone(zone).setLocale(lang);
  const date = start.toFormat("cccc d 'de' LLLL yyyy");
  return {
    date: date.charAt(0).toUpperCase() + date.slice(1),
    hour: booking.viewerRole === 'client' ? booking.hourStartClient : booking.hourStart,
  };
}

/** One appointment of a list: photo, counterpart, title, when (viewer's zone) and payment badge. */
export function BookingRow({ booking, onOpen }: { booking: Booking; onOpen: (ref: string) => void }) {
  const tx = useTexts(bookingsTexts);
  const lang = useLang();
  const professional = booking.viewerRole === 'professional';
  const name = professional ? booking.clientName : booking.sellerName;
  const img = professional ? booking.imgClient : booking.imgSeller;
  const when = viewerWhen(booking, lang);
  return (
    <UnstyledButton
      onClick={() => onOpen(booking.id)}
      aria-label={tx('openBooking', { name, date: when.date, hour: when.hour })}
      p="sm"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={img} alt="" radius="xl" size="md" name={name} color="initials" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate>
              {name}
            </Text>
            {booking.recurrent === 1 && <IconRepeat size={14} aria-label={tx('recurrent')} />}
            {booking.groupId && <IconUsers size={14} aria-label={tx('group')} />}
          </Group>
          <Text fz="sm" truncate>
            {booking.title}
          </Text>
          <Text fz="sm" c="dimmed">
            {when.date} · {when.hour} · {tx('minutes', { n: booking.duration })}
          </Text>
          <Group gap={6} mt={2}>
            <PaymentBadge booking={booking} />
            {(booking.state === 'cancelled' || booking.state === 'done') && (
              <Badge variant="outline" color={booking.state === 'cancelled' ? 'red' : 'gray'} radius="sm">
                {tx(stateTextKey[booking.state === 'cancelled' ? 'cancelled' : 'done'])}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
