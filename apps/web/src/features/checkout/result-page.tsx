import { type Booking, paymentBadge, paymentBadgeText, videoCallPlatformName } from '@agendo/contract';
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconClock,
  IconMapPin,
  IconReceiptRefund,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import type { ResultKind } from './result-kinds.ts';
import { resultTexts } from './result-texts.ts';
import { browserZone, longDate } from './use-checkout.ts';

/** Result routes that only a module purchase reaches (spec 002 §4). */
const courseOnly = [
  'free-success-course',
  'transfer-success-course-module',
  'card-success-course',
  'card-refound',
] as const;

const tone: Record<ResultKind, 'ok' | 'wait' | 'refund' | 'warn'> = {
  'pay-success': 'ok',
  'cash-success': 'ok',
  'manual-success': 'wait',
  'free-success': 'ok',
  success: 'ok',
  refound: 'refund',
  'booking-not-found': 'warn',
  'confirm-price': 'ok',
  'decline-price': 'warn',
  'free-success-course': 'ok',
  'transfer-success-course-module': 'wait',
  'card-success-course': 'ok',
  'card-refound': 'refund',
};

const icons = { ok: IconCircleCheck, wait: IconClock, refund: IconReceiptRefund, warn: IconAlertTriangle };
const colors = { ok: 'teal', wait: 'blue', refund: 'orange', warn: 'orange' };

type BookingResultKind = Exclude<ResultKind, (typeof courseOnly)[number]>;

/** The spec's result routes (spec 000 §2.2): what happened and what to do next. */
export function ResultPage({ kind }: { kind: ResultKind }) {
  const [search] = useSearchParams();
  // A module purchase carries its course (spec 002 §4 shares manual-success and free-success).
  const course = search.get('course');
  if (course || (courseOnly as readonly string[]).includes(kind))
    return <CourseResult kind={kind} course={course} />;
  return <BookingResult kind={kind as BookingResultKind} />;
}

/** The shared frame of every result: the outcome's icon, its title and text, then the way on. */
function ResultFrame({
  kind,
  title,
  text,
  summary,
  children,
}: {
  kind: ResultKind;
  title: string;
  text: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Agendo`);
  const Icon = icons[tone[kind]];
  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="xl" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" color={colors[tone[kind]]} variant="light">
            <Icon size={26} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text mt="xs">{text}</Text>
          </div>
        </Group>
        {summary}
        <Group mt="lg">{children}</Group>
      </Card>
    </Container>
  );
}

function BookingResult({ kind }: { kind: BookingResultKind }) {
  const tx = useTexts(resultTexts);
  const { to } = usePrefix();
  const [search] = useSearchParams();
  const ref = search.get('ref');
  const booked = ref !== null && (bookedKinds as readonly string[]).includes(kind);
  return (
    <ResultFrame
      kind={kind}
      title={tx(`${kind}.title`)}
      text={tx(`${kind}.text`)}
      summary={booked && <BookingSummary bookingRef={ref} />}
    >
      <Button
        component={Link}
        to={to(ref && kind !== 'booking-not-found' ? `my-bookings/${ref}` : 'my-bookings')}
      >
        {tx('myBookings')}
      </Button>
      <Button component={Link} to={to('search')} variant="subtle">
        {tx('search')}
      </Button>
    </ResultFrame>
  );
}

/** The results after which an appointment exists: they say what was booked. */
const bookedKinds = [
  'pay-success',
  'cash-success',
  'manual-success',
  'free-success',
  'success',
  'confirm-price',
] as const;

/**
 * What was booked (issue 12): service and professional, the day and hour in the client's zone,
 * the place or the video call, and the price. Same query as the appointment panel (find-booking).
 */
function BookingSummary({ bookingRef }: { bookingRef: string }) {
  const tx = useTexts(resultTexts);
  const { lang } = usePrefix();
  const money = useMoneyText();
  const found = useQuery({
    queryKey: ['find-booking', bookingRef],
    queryFn: () => call('find-booking', { ref: bookingRef, timezone: browserZone() }),
    retry: false,
  });
  if (found.isPending)
    return (
      <Stack gap={6} mt="lg" aria-busy="true" aria-label={tx('summaryLoading')}>
        <Skeleton height={18} width="70%" />
        <Skeleton height={14} width="90%" />
        <Skeleton height={14} width="50%" />
      </Stack>
    );
  // The outcome above still stands without the details; the panel behind 'Ver mis citas' has them.
  if (found.isError) return null;
  const { booking } = found.data;
  return (
    <Card withBorder radius="md" mt="lg" padding="md" component="section" aria-label={tx('summary')}>
      <Text fw={700}>{booking.title}</Text>
      <Text size="sm" c="dimmed">
        {tx('with', { name: booking.sellerName })}
      </Text>
      <Stack gap={6} mt="sm">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {tx('when', {
              date: longDate(booking.date, lang),
              hour: booking.hourStartClient,
              zone: zoneLabelPlain(booking.timezoneClient, lang),
            })}
          </Text>
        </Group>
        <Place booking={booking} />
        <Text size="sm" fw={700} data-testid="summary-price">
          {priceText(booking, money)}
        </Text>
      </Stack>
    </Card>
  );
}

function Place({ booking }: { booking: Booking }) {
  const tx = useTexts(resultTexts);
  const { lang } = usePrefix();
  if (booking.modalityChosen === 2)
    return (
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{tx('place', { address: booking.address ?? '—' })}</Text>
      </Group>
    );
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <IconVideo size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {tx('online', { platform: videoCallPlatformName(booking.platformVideoCall, lang) })}
        {booking.linkVideoCall && (
          <>
            {' · '}
            <Anchor href={booking.linkVideoCall} target="_blank" rel="noreferrer">
              {tx('link')}
            </Anchor>
          </>
        )}
      </Text>
    </Group>
  );
}

/** The price line: the amount in the app's one format, or the state when there is none yet. */
function priceText(booking: Booking, money: (amount: number, currency: string) => string): string {
  const badge = paymentBadge(booking);
  if (badge === 'price-to-set' || badge === 'free') return paymentBadgeText[badge].appointment;
  return `${money(booking.price, booking.currency)} · ${paymentBadgeText[badge].appointment}`;
}

type CourseResultKey = `course.${'manual-success' | 'free-success' | (typeof courseOnly)[number]}`;

function CourseResult({ kind, course }: { kind: ResultKind; course: string | null }) {
  const tx = useTexts(resultTexts);
  const { to } = usePrefix();
  const key = `course.${kind}` as CourseResultKey;
  const known = `${key}.title` in resultTexts.es;
  type Key = Parameters<typeof tx>[0];
  const title = tx((known ? `${key}.title` : `${kind}.title`) as Key);
  const text = tx((known ? `${key}.text` : `${kind}.text`) as Key);
  return (
    <ResultFrame kind={kind} title={title} text={text}>
      {course && (
        <Button component={Link} to={to(`course/${course}`)}>
          {tx('goToCourse')}
        </Button>
      )}
      <Button component={Link} to={to('my-courses')} variant={course ? 'subtle' : 'filled'}>
        {tx('myCourses')}
      </Button>
    </ResultFrame>
  );
}
