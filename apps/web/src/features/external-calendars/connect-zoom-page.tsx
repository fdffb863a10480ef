import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { calendarTexts } from './external-calendars-texts.ts';
import { ErrorText, LinkCard, LinkedProvider, LinkingFrame } from './linking-frame.tsx';
import { useStartLink, useZoomLink } from './use-external-calendars.ts';

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
  return (
    <Stack gap="lg">
      <LinkCard>
        {link.connected === 1 ? (
          <LinkedProvider
            title={tx('zoomLinked')}
            account={link.account}
            kind="video"
            unlinkLabel={tx('unlinkZoom')}
          />
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
      </LinkCard>
      <LinkCard gap="xs">
        <Text size="sm">{tx(link.meetAvailable ? 'meetReady' : 'meetNeedsGoogle')}</Text>
        {!link.meetAvailable && (
          <Anchor component={Link} to={to('change-calendar')} size="sm" className="touch-link">
            {tx('goCalendar')}
          </Anchor>
        )}
      </LinkCard>
    </Stack>
  );
}
