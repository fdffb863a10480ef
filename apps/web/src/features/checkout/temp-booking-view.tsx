import type { CartRecord, TempBooking } from '@agendo/contract';
import { Alert, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClock, IconMapPin, IconVideo } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { CheckoutLoading } from './checkout-loading.tsx';
import { checkoutTexts } from './checkout-texts.ts';
import { PaymentSection } from './payment-section.tsx';
import { PriceCard } from './price-card.tsx';
import { browserZone, longDate, mmss, useSecondsLeft } from './use-checkout.ts';

/** The held slot (save-temp-booking) with its countdown, price and the way to pay. */
export function TempBookingView({ cart, modality }: { cart: CartRecord; modality: 1 | 2 }) {
  const tx = useTexts(checkoutTexts);
  const { to, lang } = usePrefix();
  const queryClient = useQueryClient();
  const key = ['save-temp-booking', cart.ref, cart.date, modality] as const;
  // The server answers the same hold for the same slot, so a reload does not take a second one.
  const held = useQuery({
    queryKey: key,
    queryFn: () =>
      call('save-temp-booking', {
        ref: cart.ref,
        startsAt: cart.date,
        modality,
        userTime: browserZone(),
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const booking = held.data?.booking;
  const secondsLeft = useSecondsLeft(booking?.holdExpiresAt ?? null);

  if (held.isPending) return <CheckoutLoading />;
  if (held.isError || !booking) {
    const message = held.error instanceof ApiError ? held.error.message : tx('error');
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={message}>
        <Button component={Link} to={to(`service/${cart.ref}`)} mt="sm" variant="light">
          {tx('chooseAnother')}
        </Button>
      </Alert>
    );
  }
  const expired = booking.state === 'held' && secondsLeft === 0;
  const update = (next: TempBooking) =>
    queryClient.setQueryData(key, { status: '200' as const, booking: next });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {tx('title')}
      </Title>
      <BookingCard booking={booking} lang={lang} />
      {expired ? (
        <Alert color="orange" icon={<IconAlertCircle />} title={tx('expired')}>
          <Button component={Link} to={to(`service/${booking.publicationRef}`)} mt="sm" variant="light">
            {tx('chooseAnother')}
          </Button>
        </Alert>
      ) : (
        <>
          {secondsLeft !== null && (
            <Group gap={6} c="dimmed" role="timer" aria-live="off" wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text size="sm">{tx('holdLeft', { time: mmss(secondsLeft) })}</Text>
            </Group>
          )}
          <PriceCard booking={booking} onChange={update} />
          <PaymentSection booking={booking} />
        </>
      )}
    </Stack>
  );
}

function BookingCard({ booking, lang }: { booking: TempBooking; lang: string }) {
  const tx = useTexts(checkoutTexts);
  // Zones may have different names for the same clock (aliases): compare what people read.
  const sameZone =
    booking.dateSelected === booking.dateSelectedClient && booking.hourStart === booking.hourStartClient;
  return (
    <Card withBorder padding="lg" radius="md">
      <Group wrap="nowrap" align="flex-start">
        {booking.img && <Image src={booking.img} alt="" w={88} h={88} radius="md" fit="cover" />}
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {booking.title}
          </Text>
          <Text size="sm" c="dimmed">
            {tx('with', { name: booking.profName })}
          </Text>
        </Stack>
      </Group>
      <Stack gap={6} mt="md">
        <Text size="sm" fw={600}>
          {tx('dateLabel')}
        </Text>
        <Text>
          {tx('yourTime', {
            date: longDate(booking.dateSelectedClient, lang),
            hour: booking.hourStartClient,
            zone: zoneLabelPlain(booking.timezoneClient, lang === 'en' ? 'en' : 'es'),
          })}
        </Text>
        {!sameZone && (
          <Text size="sm" c="dimmed">
            {tx('profTime', {
              date: longDate(booking.dateSelected, lang),
              hour: booking.hourStart,
              zone: zoneLabelPlain(booking.timezone, lang === 'en' ? 'en' : 'es'),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Badge
            variant="light"
            leftSection={booking.modalityId === 2 ? <IconMapPin size={12} /> : <IconVideo size={12} />}
          >
            {booking.modalityId === 2 ? tx('inPerson') : tx('online')}
          </Badge>
          <Badge variant="outline">{tx('duration', { n: booking.duration })}</Badge>
        </Group>
        {booking.address && (
          <Text size="sm">
            <IconMapPin size={14} aria-hidden /> {booking.address}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
