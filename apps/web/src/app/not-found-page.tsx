import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { usePrefix } from '../lib/route-prefix.ts';

export function NotFoundPage() {
  const t = useT();
  const { to } = usePrefix();
  useDocumentTitle(`${t('notFound.title')} · Agendo`);
  return (
    <Container size="xs" py={64}>
      <Stack align="center" ta="center" gap="md">
        <IconMapQuestion size={56} stroke={1.5} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={to()}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
