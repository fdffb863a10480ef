import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';

/**
 * A public page (a professional, a service) that could not be read. One that is gone (the server
 * answers 400) sends the visitor to the search; any other failure offers to try again.
 */
export function LoadFailure({
  error,
  title,
  text,
  searchLabel,
  retryLabel,
  retry,
}: {
  error: unknown;
  title: (missing: boolean) => string;
  text?: (missing: boolean) => string;
  searchLabel: string;
  retryLabel: string;
  retry: () => unknown;
}) {
  const { to } = usePrefix();
  const missing = error instanceof ApiError && error.httpStatus === 400;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" ta="center" role="alert">
        <Stack align="center" gap="sm">
          <Title order={1} fz="h2">
            {title(missing)}
          </Title>
          {text && <Text c="dimmed">{text(missing)}</Text>}
          {missing ? (
            <Button component={Link} to={to('search')}>
              {searchLabel}
            </Button>
          ) : (
            <Button onClick={() => retry()}>{retryLabel}</Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
