import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Menu,
  SimpleGrid,
  type SimpleGridProps,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconDots,
  IconPhoto,
  IconPlayerPause,
  type IconProps,
  IconTrash,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import { BackLink } from './back-link.tsx';

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
function CardGridSkeleton({ cols, height }: { cols: SimpleGridProps['cols']; height: number }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/**
 * A failed read: what happened and, when trying again can help, the button to do it. `compact`
 * is the one-line one inside a tab or a section of a page that shows more.
 */
export function RetryAlert({
  text,
  retry,
  compact = false,
}: {
  text: string;
  retry?: () => unknown;
  compact?: boolean;
}) {
  const tx = useTexts(texts);
  const message = <Text size="sm">{text}</Text>;
  const button = retry && (
    <Button size={compact ? 'xs' : undefined} variant="white" color="red" onClick={() => retry()}>
      {tx('retry')}
    </Button>
  );
  return compact ? (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        {message}
        {button}
      </Group>
    </Alert>
  ) : (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        {message}
        {button}
      </Stack>
    </Alert>
  );
}

/** The button that reads a list's next page; nothing once the last page is in. */
export function MoreButton({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
        {label}
      </Button>
    </Group>
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

/**
 * A quiet empty box inside a page or a tab (no coupons yet, nothing to book that day): its
 * icon, what is missing and, when there is one, a hint or the way on (`children`).
 */
export function EmptyNote({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title?: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack align="center" ta="center" gap="xs">
        {icon}
        {title && <Text fw={600}>{title}</Text>}
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The "more actions" menu in a card's top corner; `children` are its Menu.Items. The destructive
 * `remove` item closes the menu, apart from the others by a divider.
 */
export function CardMenu({
  label,
  children,
  remove,
}: {
  label: string;
  children?: ReactNode;
  remove: { label: string; onClick: () => void };
}) {
  return (
    <Box pos="absolute" top={8} right={8}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={44} radius="xl" aria-label={label}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {children}
          {children && <Menu.Divider />}
          <Menu.Item color="red" onClick={remove.onClick} leftSection={<IconTrash size={16} aria-hidden />}>
            {remove.label}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}

/**
 * The whole page: its header, then the cards while they load, the failure, the empty state, or
 * one card per item. `create` (the one action to start) stands in the empty state, and beside
 * `actions` in the header once there is something listed.
 */
export function CardListPage<T>({
  title,
  intro,
  back,
  actions,
  create,
  list,
  grid,
  failure,
  empty,
  card,
  after,
}: {
  title: string;
  intro: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  create: ReactNode;
  list: UseQueryResult<T[]>;
  grid: { cols: SimpleGridProps['cols']; cardHeight: number };
  failure: (error: unknown, retry: () => unknown) => ReactNode;
  empty: { icon: ComponentType<IconProps>; title: string; text: string };
  card: (item: T) => ReactNode;
  /** The page's modals (a confirmation, a form). */
  after?: ReactNode;
}) {
  useDocumentTitle(`${title} · Agendo`);
  const header = (
    <ListHeader
      title={title}
      intro={intro}
      actions={
        <Group gap="xs">
          {actions}
          {list.data && list.data.length > 0 && create}
        </Group>
      }
    />
  );
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {back ? (
          <Stack gap={6}>
            <BackLink to={back.to} label={back.label} />
            {header}
          </Stack>
        ) : (
          header
        )}
        {list.isPending ? (
          <CardGridSkeleton cols={grid.cols} height={grid.cardHeight} />
        ) : list.isError ? (
          failure(list.error, () => list.refetch())
        ) : list.data.length === 0 ? (
          <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={create} />
        ) : (
          <SimpleGrid cols={grid.cols} spacing="lg">
            {list.data.map(card)}
          </SimpleGrid>
        )}
      </Stack>
      {after}
    </Container>
  );
}

/**
 * The top of a card: its picture, or a grey placeholder named `missingLabel`, with the card's
 * menu (`children`) in the corner.
 */
export function CardCover({
  src,
  height,
  missingLabel,
  children,
}: {
  src: string | null;
  height: number;
  missingLabel: string;
  children: ReactNode;
}) {
  return (
    <Card.Section pos="relative">
      {src ? (
        <Image src={src} alt="" h={height} fit="cover" />
      ) : (
        <Center h={height} bg="var(--mantine-color-gray-1)" role="img" aria-label={missingLabel}>
          <IconPhoto size={40} color="var(--mantine-color-gray-5)" aria-hidden />
        </Center>
      )}
      {children}
    </Card.Section>
  );
}

/** Whether a listed thing is paused or taking clients, as a badge. */
export function PausedBadge({ paused, label }: { paused: boolean; label: string }) {
  return (
    <Badge
      variant={paused ? 'filled' : 'outline'}
      color={paused ? 'dark.6' : 'teal.9'}
      leftSection={paused ? <IconPlayerPause size={12} aria-hidden /> : undefined}
    >
      {label}
    </Badge>
  );
}
