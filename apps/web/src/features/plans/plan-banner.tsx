import { trialNotice } from '@agendo/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { plansTexts } from './plans-texts.ts';

/**
 * The professional's plan warnings on every page (spec 002 §4): the quota reached (blockUse:
 * clients cannot book them until the cycle renews) and the trial's last days, each with the way
 * to my-plan, where the gift, the change and the plan selector are. my-plan shows its own.
 */
export function PlanBanner() {
  const tx = useTexts(plansTexts);
  const { to } = usePrefix();
  const { pathname } = useLocation();
  const { data } = useUserData();
  if (data?.userType !== 1 || /\/(my-plan|plans|logout)(\/|$)/.test(pathname)) return null;
  const notice = trialNotice(data.difDaysPeriodFree ?? null);
  let text: string | null = null;
  let action = tx('choosePlan');
  if (data.blockUse === 1) {
    text = tx('blocked');
    action = data.canSelectGift === 1 ? tx('giftButton') : tx('changeButton');
  } else if (notice.kind === 'ends-today') text = tx('trialEndsToday');
  else if (notice.kind === 'warning') text = tx('trialWarning', { days: notice.days });
  if (!text) return null;
  return (
    <Alert
      color={data.blockUse === 1 ? 'red' : 'yellow'}
      variant="light"
      radius={0}
      icon={<IconAlertTriangle aria-hidden />}
      role="status"
      styles={{ wrapper: { maxWidth: 1120, margin: '0 auto' } }}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={to('my-plan')} variant="white" color="dark">
          {action}
        </Button>
      </Group>
    </Alert>
  );
}
