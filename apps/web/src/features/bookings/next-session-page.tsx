import { Alert, Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { BookingRow } from './booking-row.tsx';
import { bookingsTexts } from './bookings-texts.ts';
import { PanelSlot } from './panel-slot.tsx';
import { useNextSessions } from './use-bookings.ts';

/** next-session/{ref} (spec 000 §2.2): the next sessions of that appointment's client or series. */
export function NextSessionPage() {
  const tx = useTexts(bookingsTexts);
  useDocumentTitle(`${tx('nextTitle')} · Agendo`);
  const { ref = '' } = useParams();
  return (
    <RequireLogin>
      <NextSessions bookingRef={ref} />
    </RequireLogin>
  );
}

function NextSessions({ bookingRef }: { bookingRef: string }) {
  const tx = useTexts(bookingsTexts);
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  const sessions = useNextSessions(bookingRef);
  const [opened, setOpened] = useState<string | undefined>();
  let body: React.ReactNode;
  if (sessions.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={92} radius="md" />
        <Skeleton height={92} radius="md" />
      </Stack>
    );
  } else if (sessions.isError) {
    body = (
      <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
        {tx('nextNotFound')}
      </Alert>
    );
  } else if (sessions.data.length === 0) {
    body = (
      <Text c="dimmed" role="status">
        {tx('nextEmpty')}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.data.map((b) => (
          <li key={b.id}>
            <BookingRow booking={b} onOpen={setOpened} />
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Anchor component={Link} to={to('my-tools')} fz="sm">
          <IconArrowLeft size={14} aria-hidden /> {tx('backToAgenda')}
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('nextTitle')}
        </Title>
        {body}
      </Stack>
      <PanelSlot
        bookingRef={opened}
        onClose={() => setOpened(undefined)}
        onChanged={() => queryClient.invalidateQueries({ queryKey: ['find-next-sessions', bookingRef] })}
      />
    </Container>
  );
}
