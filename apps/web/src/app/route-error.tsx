import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { isChunkLoadError, recoverFromChunkError } from './chunk-recovery.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Error boundary of every route: a stale chunk triggers the recovery reload. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (chunk) setReloading(recoverFromChunkError());
  }, [chunk]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) {
    return (
      <Container size="xs" py={64}>
        <Stack align="center" ta="center" role="status">
          <Loader />
          <Text>{t('error.reloading')}</Text>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="xs" py={64}>
      <Stack align="center" ta="center" gap="md" role="alert">
        <IconAlertTriangle size={48} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
        <Title order={1}>{t('error.title')}</Title>
        <Text c="dimmed">{t('error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('error.retry')}</Button>
      </Stack>
    </Container>
  );
}
