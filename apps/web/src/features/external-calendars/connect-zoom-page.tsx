import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { calendarTexts } from './external-calendars-texts.ts';
import { ErrorText, LinkingFrame } from './linking-frame.tsx';
import { useStartLink, useUnlink, useZoomLink } from './use-external-calendars.ts';

/** connect-zoom (spec 000 §2.2; issue 18): Zoom for the online appointments; Meet comes with Google Calendar. */
export function ConnectZoomPage() {
  const found = useZoomLink();
  return (
    <LinkingFrame title="zoomTitle" intro="zoomIntro" query={found}>
      {found.data && <ZoomLink link={found.data} />}
    </LinkingFrame>
  );
}

type ZoomState = NonNullable<ReturnType<typeof useZoomLink>['data']>;

function ZoomLink({ link }: { link: ZoomState }) {
  const tx = useTexts(calendarTexts);
  const { to } = usePrefix();
  const start = useStartLink();
  const unlink = useUnlink();
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          {link.connected === 1 ? (
            <>
              <Group gap="sm">
                <Title order={2} fz="lg">
                  {tx('zoomLinked')}
                </Title>
                <Badge color="teal">{tx('linkedBadge')}</Badge>
              </Group>
              {link.account && <Text size="sm">{tx('account', { account: link.account })}</Text>}
              <ErrorText error={unlink.error} />
              <Group>
                <Button
                  variant="default"
                  color="red"
                  loading={unlink.isPending}
                  onClick={() => unlink.mutate('video')}
                >
                  {tx('unlinkZoom')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text fw={600}>{tx(link.available ? 'zoomNotLinked' : 'zoomUnavailable')}</Text>
              <ErrorText error={start.error} />
              {link.available && (
                <Group>
                  <Button mih={44} loading={start.isPending} onClick={() => start.mutate('zoom')}>
                    {tx('zoomConnect')}
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs">
          <Text size="sm">{tx(link.meetAvailable ? 'meetReady' : 'meetNeedsGoogle')}</Text>
          {!link.meetAvailable && (
            <Anchor component={Link} to={to('change-calendar')} size="sm" className="touch-link">
              {tx('goCalendar')}
            </Anchor>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
