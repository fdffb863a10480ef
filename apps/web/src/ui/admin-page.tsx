import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api.ts';

/* The pieces of an administrator's table page (plan prices, exchange rates). */

/** A read only administrators may make: a 403 is the answer, so it is not retried. */
export function useAdminQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn,
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 403) && count < 2,
  });
}

/**
 * The page's title and intro above what the read gave: placeholders while it loads, "only for
 * administrators" on a 403, the failure with a retry otherwise, and `children` with its data.
 */
export function AdminPage<T>({
  title,
  intro,
  query,
  texts,
  placeholder,
  children,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<T>;
  texts: (key: 'forbiddenTitle' | 'forbiddenText' | 'loadError' | 'retry') => string;
  placeholder: { rows: number; height: number; radius?: string };
  children: (data: T) => ReactNode;
}) {
  useDocumentTitle(`${title} · Agendo`);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: placeholder.rows }, (_, n) => n + 1).map((n) => (
          <Skeleton key={n} height={placeholder.height} radius={placeholder.radius} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    const forbidden = query.error instanceof ApiError && query.error.httpStatus === 403;
    body = forbidden ? (
      <Alert color="gray" icon={<IconLock aria-hidden />} title={texts('forbiddenTitle')}>
        {texts('forbiddenText')}
      </Alert>
    ) : (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={texts('loadError')} role="alert">
        <Button variant="white" color="red" onClick={() => query.refetch()}>
          {texts('retry')}
        </Button>
      </Alert>
    );
  } else {
    body = children(query.data);
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
        {body}
      </Stack>
    </Container>
  );
}

/**
 * One bordered block of the page under its heading (a country's prices, "add a currency"), with
 * `aside` beside the heading; a `label` names it as a region. My-business and user-web use it too.
 */
export function AdminCard({
  title,
  aside,
  label,
  gap = 'sm',
  children,
}: {
  title: string;
  aside?: ReactNode;
  label?: string;
  gap?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz="lg">
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={label}>
      <Stack gap={gap}>
        {aside ? (
          <Group justify="space-between" align="flex-end">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
