import { Alert, Anchor, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconWorld } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabel } from '../../lib/time-zone-label.ts';
import { availabilityTexts } from './availability-texts.ts';

/** Page heading shared by the three editors: title, the publication, the time zone. */
export function AvailabilityFrame({
  title,
  subtitle,
  timezone,
  children,
}: {
  title: string;
  subtitle?: string | undefined;
  timezone?: string | undefined;
  children: ReactNode;
}) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const { to } = usePrefix();
  useDocumentTitle(`${title} · Agendo`);
  return (
    <Container size="sm" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Anchor component={Link} to={to('my-services')} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('back')}
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Text>
          )}
          {timezone && (
            <Group gap="xs" wrap="wrap">
              <Badge
                variant="outline"
                color="brand.9"
                leftSection={<IconWorld size={14} aria-hidden />}
                tt="none"
              >
                {t('zone', { zone: zoneLabel(timezone, lang) })}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('zoneHint')}
              </Text>
            </Group>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** An editor's page: the frame, then waiting, the load failure with a retry, or the editor itself. */
export function EditorScreen<T extends { timezone: string }>({
  title,
  subtitle,
  query,
  children,
}: {
  title: string;
  subtitle: string | undefined;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <AvailabilityFrame title={title} subtitle={subtitle} timezone={query.data?.timezone}>
      {query.isPending && <LoadingState />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {query.data && children(query.data)}
    </AvailabilityFrame>
  );
}

export function LoadingState() {
  return (
    <Stack gap="sm" aria-busy="true" aria-live="polite">
      <Skeleton height={28} width="60%" />
      <Skeleton height={18} width="40%" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={72} radius="md" />
      ))}
    </Stack>
  );
}

/** The load failed: a missing (or foreign) publication, or anything else with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTexts(availabilityTexts);
  const notFound = error instanceof ApiError && error.code === 'E7';
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('errorTitle')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{notFound ? t('notFound') : t('loadError')}</Text>
        {!notFound && (
          <Button variant="white" color="red" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
