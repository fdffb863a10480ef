import { Button, Card, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconReceiptRefund } from '@tabler/icons-react';
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
  | 'decline-price';

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
};

const icons = { ok: IconCircleCheck, wait: IconClock, refund: IconReceiptRefund, warn: IconAlertTriangle };
const colors = { ok: 'teal', wait: 'blue', refund: 'orange', warn: 'orange' };

/** The spec's result routes (spec 000 §2.2): what happened and what to do next. */
export function ResultPage({ kind }: { kind: ResultKind }) {
  const tx = useTexts(resultTexts);
  const { to } = usePrefix();
  const [search] = useSearchParams();
  const ref = search.get('ref');
  useDocumentTitle(`${tx(`${kind}.title`)} · Agendo`);
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
              {tx(`${kind}.title`)}
            </Title>
            <Text mt="xs">{tx(`${kind}.text`)}</Text>
          </div>
        </Group>
        <Group mt="lg">
          <Button
            component={Link}
            to={to(ref && kind !== 'booking-not-found' ? `my-bookings/${ref}` : 'my-bookings')}
          >
            {tx('myBookings')}
          </Button>
          <Button component={Link} to={to('search')} variant="subtle">
            {tx('search')}
          </Button>
        </Group>
      </Card>
    </Container>
  );
}
