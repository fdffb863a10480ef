import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  type SimpleGridProps,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDots, type IconProps } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';

/* The pieces of a page that lists the professional's own things as cards (services, courses, quizzes). */

const texts = defineTexts({ retry: 'Reintentar' }, { retry: 'Retry' });

/** The page's title and what it is for, with its main actions beside them. */
export function ListHeader({ title, intro, actions }: { title: string; intro: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={4} maw={620}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </Stack>
      {actions}
    </Group>
  );
}

/** The cards while they load, in the grid they will fill. */
export function CardGridSkeleton({ cols, height }: { cols: SimpleGridProps['cols']; height: number }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** A failed read: what happened and, when trying again can help, the button to do it. */
export function RetryAlert({ text, retry }: { text: string; retry?: () => unknown }) {
  const tx = useTexts(texts);
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        {retry && (
          <Button variant="white" color="red" onClick={() => retry()}>
            {tx('retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * An empty list: what it will hold and the one action to start it. `compact` is the smaller
 * one inside a page that has more above it (a course's modules, a quiz's questions).
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  compact = false,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
  action: ReactNode;
  compact?: boolean;
}) {
  return (
    <Card withBorder radius="lg" p="xl">
      <Stack align="center" gap="md" ta="center" py={compact ? 'md' : 'lg'}>
        <ThemeIcon size={compact ? 56 : 64} radius="xl" variant="light">
          <Icon size={compact ? 30 : 34} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" maw={compact ? undefined : 440}>
          {text}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

/** The "more actions" menu in a card's top corner; `children` are its Menu.Items. */
export function CardMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box pos="absolute" top={8} right={8}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={44} radius="xl" aria-label={label}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
    </Box>
  );
}
