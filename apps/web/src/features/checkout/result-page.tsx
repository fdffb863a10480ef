import { Button, Card, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconReceiptRefund } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { resultTexts } from './result-texts.ts';

export type ResultKind =
  | 'pay-success'
  | 'cash-success'
  | 'manual-success'
  | 'free-success'
  | 'success'
  | 'refound'
  | 'booking-not-found'
  | 'confirm-price'
  | 'decline-price'
  | 'free-success-course'
  | 'transfer-success-course-module'
  | 'card-success-course'
  | 'card-refound';

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
  children,
}: {
  kind: ResultKind;
  title: string;
  text: string;
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
  return (
    <ResultFrame kind={kind} title={tx(`${kind}.title`)} text={tx(`${kind}.text`)}>
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
