import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, type IconProps } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { BackLink } from '../../ui/back-link.tsx';
import { EmptyState } from '../../ui/list-page.tsx';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';
import { isForbidden } from './course-editor-ui.tsx';

/*
 * The pages inside one course or one quiz (its modules, its questions, the course's settings):
 * each opens from a list and goes back to it, and the server answers a foreign ref like an
 * unknown one.
 */

type Parent = 'workshop' | 'quiz';

const parents: Record<
  Parent,
  { notFoundCodes: string[]; notFoundText: CourseEditorTextKey; list: string; listLabel: CourseEditorTextKey }
> = {
  workshop: {
    notFoundCodes: ['E40', 'E1'],
    notFoundText: 'workshopNotFound',
    list: 'my-workshops',
    listLabel: 'backToWorkshops',
  },
  quiz: {
    notFoundCodes: ['E43', 'E1'],
    notFoundText: 'quizNotFound',
    list: 'manage-quiz',
    listLabel: 'backToQuizzes',
  },
};

/** The way back to the list a course's (or a quiz's) page opened from. */
export function useBackTo(of: Parent) {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  return { to: to(parents[of].list), label: tx(parents[of].listLabel) };
}

/**
 * What a failed read of the course (or quiz) shows: not found, not a professional, or a retry;
 * and the way back to the list.
 */
export function ParentLoadFailure({ of, query }: { of: Parent; query: UseQueryResult }) {
  const tx = useTexts(courseEditorTexts);
  const back = useBackTo(of);
  const code = query.error instanceof ApiError ? query.error.code : '';
  const missing = parents[of].notFoundCodes.includes(code);
  const forbidden = isForbidden(query.error);
  const canRetry = !missing && !forbidden;
  return (
    <Container size="sm" py="xl">
      <Alert color={canRetry ? 'red' : 'gray'} icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {missing ? tx(parents[of].notFoundText) : forbidden ? tx('onlyProfessionals') : tx('loadError')}
          </Text>
          <Group gap="xs">
            {canRetry && (
              <Button variant="white" color="red" onClick={() => query.refetch()}>
                {tx('retry')}
              </Button>
            )}
            <Button component={Link} to={back.to} variant="default">
              {back.label}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

/**
 * A page over the read course (or quiz): its placeholders while it loads, the failure, then
 * `children` with what was read. The browser tab reads "{name} · {title} · Agendo" once the
 * name is known.
 */
export function ContentLoader<T>({
  of,
  query,
  title,
  nameOf,
  placeholders,
  children,
}: {
  of: Parent;
  query: UseQueryResult<T>;
  title: string;
  nameOf: (data: T) => string;
  /** Two blocks of `height` (the cards to come), after one of `first` if given (a summary). */
  placeholders: { height: number; first?: number };
  children: (data: T) => ReactNode;
}) {
  useDocumentTitle(`${query.data ? `${nameOf(query.data)} · ` : ''}${title} · Agendo`);
  if (query.isPending)
    return (
      <Container size="md" py={{ base: 'md', sm: 'xl' }} aria-busy="true">
        <Stack gap="lg">
          <Skeleton height={14} width={110} />
          <Skeleton height={30} width="60%" />
          {placeholders.first !== undefined && <Skeleton height={placeholders.first} radius="lg" />}
          {[0, 1].map((key) => (
            <Skeleton key={key} height={placeholders.height} radius="lg" />
          ))}
        </Stack>
      </Container>
    );
  if (query.isError) return <ParentLoadFailure of={of} query={query} />;
  return children(query.data);
}

/**
 * The page itself: the way back, the course's (or quiz's) name, what the page is for and its
 * `actions`; then `children`; `after` holds its modals.
 */
export function ContentFrame({
  of,
  name,
  intro,
  actions,
  children,
  after,
}: {
  of: Parent;
  name: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
  after: ReactNode;
}) {
  const back = useBackTo(of);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <BackLink to={back.to} label={back.label} />
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {actions}
        </Stack>
        {children}
      </Stack>
      {after}
    </Container>
  );
}

/** A numbered list without the browser's numbers or indent (the items carry their own). */
export const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * The ordered items of a course or a quiz (modules, questions): the empty state with the button
 * to add the first, or the list with that button under it, disabled at the maximum with a note.
 */
export function OrderedItems({
  count,
  gap,
  empty,
  add,
  children,
}: {
  count: number;
  gap: 'md' | 'lg';
  empty: { icon: ComponentType<IconProps>; title: string; text: string };
  add: { label: string; onClick: () => void; max: number; maxText: string };
  children: ReactNode;
}) {
  const button = (disabled: boolean) => (
    <Button onClick={add.onClick} disabled={disabled} leftSection={<IconPlus size={18} aria-hidden />}>
      {add.label}
    </Button>
  );
  if (count === 0)
    return (
      <EmptyState compact icon={empty.icon} title={empty.title} text={empty.text} action={button(false)} />
    );
  const full = count >= add.max;
  return (
    <>
      <Stack gap={gap} component="ol" style={plainList}>
        {children}
      </Stack>
      <Stack gap={4} align="flex-start">
        {button(full)}
        {full && (
          <Text size="sm" c="dimmed">
            {add.maxText}
          </Text>
        )}
      </Stack>
    </>
  );
}
