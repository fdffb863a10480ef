import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { calendarTexts } from './external-calendars-texts.ts';
import { useUnlink } from './use-external-calendars.ts';

type Key = keyof (typeof calendarTexts)['es'];

/**
 * The frame of change-calendar and connect-zoom: sign-in gate, title and intro, the outcome the
 * provider's return left in the address (vinculado=1, error=cancelado|fallo), and the loading and
 * error states of the page's read.
 */
export function LinkingFrame(props: FrameProps) {
  return (
    <RequireLogin>
      <Frame {...props} />
    </RequireLogin>
  );
}

interface FrameProps {
  title: Key;
  intro: Key;
  query: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}

function Frame({ title, intro, query, children }: FrameProps) {
  const tx = useTexts(calendarTexts);
  const { to } = usePrefix();
  const [params] = useSearchParams();
  useDocumentTitle(`${tx(title)} · Agendo`);
  const outcome =
    params.get('vinculado') === '1'
      ? 'linkedOk'
      : params.get('error') === 'cancelado'
        ? 'cancelled'
        : params.get('error')
          ? 'failed'
          : null;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {tx(title)}
          </Title>
          <Text c="dimmed" size="sm">
            {tx(intro)}
          </Text>
        </Stack>
        {outcome && (
          <Alert
            color={outcome === 'linkedOk' ? 'teal' : outcome === 'cancelled' ? 'gray' : 'red'}
            role="status"
          >
            {tx(outcome)}
          </Alert>
        )}
        {query.isPending ? (
          <Card withBorder radius="md" p="lg" aria-busy="true">
            <Stack gap="sm">
              <Skeleton height={20} width="60%" />
              <Skeleton height={14} />
              <Skeleton height={44} width={200} />
            </Stack>
          </Card>
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {query.error instanceof ApiError && query.error.httpStatus > 0
              ? query.error.message
              : tx('loadError')}
          </Alert>
        ) : (
          children
        )}
        <Anchor component={Link} to={to('config')} size="sm" className="touch-link">
          {tx('backToConfig')}
        </Anchor>
      </Stack>
    </Container>
  );
}

/** A failed write's message from the server (the spec's text), or the generic one. */
export function ErrorText({ error }: { error: unknown }) {
  const tx = useTexts(calendarTexts);
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error instanceof ApiError && error.httpStatus > 0 ? error.message : tx('failed')}
    </Alert>
  );
}

/** The card of one provider on these pages. */
export function LinkCard({ gap = 'sm', children }: { gap?: 'xs' | 'sm'; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={gap}>{children}</Stack>
    </Card>
  );
}

/**
 * A linked provider: its name with the linked badge, the account it is linked to, what else the
 * page tells about it (`children`), and the button that unlinks it.
 */
export function LinkedProvider({
  title,
  account,
  kind,
  unlinkLabel,
  children,
}: {
  title: string;
  account: string | null;
  kind: 'calendar' | 'video';
  unlinkLabel: string;
  children?: ReactNode;
}) {
  const tx = useTexts(calendarTexts);
  const unlink = useUnlink();
  return (
    <>
      <Group gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Badge color="teal">{tx('linkedBadge')}</Badge>
      </Group>
      {account && <Text size="sm">{tx('account', { account })}</Text>}
      {children}
      <ErrorText error={unlink.error} />
      <Group>
        <Button variant="default" color="red" loading={unlink.isPending} onClick={() => unlink.mutate(kind)}>
          {unlinkLabel}
        </Button>
      </Group>
    </>
  );
}
