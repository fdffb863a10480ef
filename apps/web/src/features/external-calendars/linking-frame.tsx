import { Alert, Anchor, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { calendarTexts } from './external-calendars-texts.ts';

type Key = keyof (typeof calendarTexts)['es'];

/**
 * The frame of change-calendar and connect-zoom: sign-in gate, title and intro, the outcome the
 * provider's return left in the address (vinculado=1, error=cancelado|fallo), and the loading and
 * error states of the page's read.
 */
export function LinkingFrame({
  title,
  intro,
  query,
  children,
}: {
  title: Key;
  intro: Key;
  query: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}) {
  const loggedIn = useIsLoggedIn();
  const tx = useTexts(calendarTexts);
  const { to } = usePrefix();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  useDocumentTitle(`${tx(title)} · Agendo`);
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
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
