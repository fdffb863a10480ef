import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A page of the person's own settings (payments, billing, the settings index): the tab's title,
 * the heading with what the page is for when it says so, and the content in a narrow column.
 */
export function SettingsPage({
  title,
  intro,
  tabTitle = title,
  children,
}: {
  title: string;
  intro?: string;
  tabTitle?: string;
  children: ReactNode;
}) {
  useDocumentTitle(`${tabTitle} · Agendo`);
  const heading = (
    <Title order={1} fz={{ base: 24, sm: 30 }}>
      {title}
    </Title>
  );
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        {intro === undefined ? (
          heading
        ) : (
          <Stack gap={4}>
            {heading}
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          </Stack>
        )}
        {children}
      </Stack>
    </Container>
  );
}

/** A settings form once saved: the confirmation, and where to go next (`children`). */
export function SavedStep({ message, children }: { message: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="md" py="md">
      <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
      <Text fw={600} ta="center" role="status">
        {message}
      </Text>
      {children}
    </Stack>
  );
}
