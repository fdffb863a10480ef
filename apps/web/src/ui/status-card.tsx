import { Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One outcome of a link the person opened (verify, autologin): working, done or failed. */
export function StatusCard({
  state,
  title,
  text,
  children,
}: {
  state: 'loading' | 'success' | 'error';
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(`${title} · Agendo`);
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
        <Stack align="center" ta="center" gap="md" role={state === 'error' ? 'alert' : 'status'}>
          {state === 'loading' && <Loader />}
          {state === 'success' && (
            <IconCircleCheck size={56} stroke={1.5} color="var(--mantine-color-teal-7)" aria-hidden />
          )}
          {state === 'error' && (
            <IconAlertCircle size={56} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
          )}
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {text && <Text c="dimmed">{text}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
