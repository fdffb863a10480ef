import type { ServerFrameOf } from '@agendo/contract';
import { Alert, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { waitingRoomTexts } from './waiting-room-texts.ts';

type Call = ServerFrameOf<'turnbox.announced'>;

/** The calls kept on screen below the current one. */
const earlierShown = 5;

/**
 * waiting-room (issue 17, spec 000 §6 call-turnbox): the screen a practice leaves open in its
 * waiting room, signed in as the professional. An administrator's 'Anunciar' on the panel shows
 * the client's called name and the box here at once, whichever instance either is connected to.
 * Calls are not stored: a screen opened later shows only what comes after.
 */
export function WaitingRoomPage() {
  const loggedIn = useIsLoggedIn();
  const tx = useTexts(waitingRoomTexts);
  const { to } = usePrefix();
  const { pathname } = useLocation();
  useDocumentTitle(`${tx('title')} · Agendo`);
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return <WaitingRoomScreen />;
}

function WaitingRoomScreen() {
  const tx = useTexts(waitingRoomTexts);
  const status = useRealtimeStatus();
  const [calls, setCalls] = useState<Call[]>([]);
  useRealtime((frame) => {
    if (frame.type === 'turnbox.announced')
      setCalls((current) => [frame, ...current].slice(0, earlierShown + 1));
  });
  const [current, ...earlier] = calls;
  const clock = (at: string) => new Date(at).toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit' });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{tx('title')}</Title>
        {status === 'offline' && (
          <Alert color="yellow" role="status">
            {tx('reconnecting')}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="status" aria-live="assertive">
          {current ? (
            <Stack gap="xs" align="center" ta="center">
              <Text c="dimmed" tt="uppercase" fw={600}>
                {tx('calling')}
              </Text>
              <Text fz={{ base: 40, sm: 64 }} fw={800} lh={1.1}>
                {current.name}
              </Text>
              <Text fz={{ base: 24, sm: 36 }} fw={600} c="brand.7">
                {tx('goTo', { box: current.box })}
              </Text>
            </Stack>
          ) : (
            <Stack gap={4} align="center" ta="center">
              <Text fz="xl" fw={600}>
                {tx('idle')}
              </Text>
              <Text c="dimmed">{tx('idleHint')}</Text>
            </Stack>
          )}
        </Paper>
        {earlier.length > 0 && (
          <section aria-label={tx('earlier')}>
            <Title order={2} fz="h4" mb="xs">
              {tx('earlier')}
            </Title>
            <List spacing={4}>
              {earlier.map((call) => (
                <List.Item key={`${call.at}-${call.name}`}>
                  {clock(call.at)} · {call.name} · {call.box}
                </List.Item>
              ))}
            </List>
          </section>
        )}
      </Stack>
    </Container>
  );
}
