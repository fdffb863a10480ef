import {
  Box,
  Button,
  Container,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import { BackLink } from './back-link.tsx';
import { HeadedCard } from './headed-card.tsx';

/*
 * The frame of a long editor split in sections (the service editor, the course editor): a
 * heading, a navigation between its sections, the sections as cards, a sticky save bar, and a
 * question before leaving with unsaved changes. Each editor owns its sections and its saving.
 */

const texts = defineTexts(
  {
    fixErrors: 'Revisa los campos marcados en rojo.',
    unsaved: 'Tienes cambios sin guardar.',
    leaveTitle: 'Cambios sin guardar',
    leaveStay: 'Seguir editando',
    leaveGo: 'Salir sin guardar',
  },
  {
    fixErrors: 'Check the fields marked in red.',
    unsaved: 'You have unsaved changes.',
    leaveTitle: 'Unsaved changes',
    leaveStay: 'Keep editing',
    leaveGo: 'Leave without saving',
  },
);

/** The editor's heading: the way back, its title with an optional action beside it, and what it is for. */
export function EditorHeader({
  back,
  title,
  action,
  intro,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  action?: ReactNode;
  intro: string;
}) {
  return (
    <Stack gap={6}>
      <BackLink to={back.to} label={back.label} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {action}
      </Group>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </Stack>
  );
}

export function scrollToSection(id: string) {
  document.getElementById(`section-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * The sections' navigation beside the editor's content. Phones: the sections as a row of
 * buttons that scrolls sideways; wider screens: a sticky list in a column of its own.
 */
export function SectionsLayout<S extends string>({
  sections,
  current,
  onSelect,
  label,
  children,
}: {
  sections: { id: S; label: string }[];
  current: S | undefined;
  onSelect: (section: S) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <Box hiddenFrom="md">
        <ScrollArea type="never" aria-label={label} component="nav">
          <Group gap="xs" wrap="nowrap" pb={4}>
            {sections.map((item) => (
              <Button
                key={item.id}
                size="compact-md"
                variant={current === item.id ? 'filled' : 'default'}
                radius="xl"
                style={{ flexShrink: 0 }}
                aria-current={current === item.id ? 'true' : undefined}
                onClick={() => onSelect(item.id)}
              >
                {item.label}
              </Button>
            ))}
          </Group>
        </ScrollArea>
      </Box>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Paper component="nav" aria-label={label} withBorder radius="lg" p="xs" pos="sticky" top={80}>
            {sections.map((item) => (
              <NavLink
                key={item.id}
                component="button"
                type="button"
                label={item.label}
                active={current === item.id}
                aria-current={current === item.id ? 'true' : undefined}
                onClick={() => onSelect(item.id)}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
      </Grid>
    </>
  );
}

/** One section of the editor: a titled card with an anchor (section-{id}) the navigation scrolls to. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = `section-${id}-title`;
  return (
    <HeadedCard
      headingId={headingId}
      id={`section-${id}`}
      p={{ base: 'md', sm: 'lg' }}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </HeadedCard>
  );
}

/**
 * The editor's form: its sections, then a bar stuck to the bottom that says what is unsaved or
 * wrong beside the save button. Errors show in red only once the person has tried to save.
 */
export function SectionedForm({
  label,
  onSubmit,
  hasErrors,
  dirty,
  submitLabel,
  saving,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  hasErrors: boolean;
  dirty: boolean;
  submitLabel: string;
  saving: boolean;
  children: ReactNode;
}) {
  const tx = useTexts(texts);
  const [triedToSave, setTriedToSave] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        setTriedToSave(true);
        return onSubmit(event);
      }}
      noValidate
      aria-label={label}
    >
      <Stack gap="lg">
        {children}
        <Paper withBorder radius="lg" p="sm" pos="sticky" bottom={8} shadow="md" style={{ zIndex: 5 }}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text
              size="sm"
              c={hasErrors && triedToSave ? 'red.8' : 'dimmed'}
              role={hasErrors ? 'alert' : undefined}
            >
              {hasErrors && triedToSave ? tx('fixErrors') : dirty ? tx('unsaved') : ''}
            </Text>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * Leaving the editor with unsaved changes asks first (LeaveGuardModal); moving between its own
 * addresses (`ownPath`, the sections of a saved item) does not. `allowLeave` lets the editor
 * itself navigate away after saving or deleting.
 */
export function useLeaveGuard(isDirty: () => boolean, ownPath: string | undefined) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      isDirty() &&
      !(ownPath && nextLocation.pathname.includes(ownPath)) &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  const allowLeave = () => {
    leaving.current = true;
  };
  return { blocker, allowLeave };
}

export function LeaveGuardModal({ blocker, text }: { blocker: Blocker; text: string }) {
  const tx = useTexts(texts);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={tx('leaveTitle')}
      centered
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {tx('leaveStay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {tx('leaveGo')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The editor while its item loads: heading, navigation and a few sections. */
export function EditorSkeleton() {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} aria-busy="true">
      <Stack gap="lg">
        <Skeleton height={14} width={110} />
        <Skeleton height={30} width="55%" />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} height={220} radius="lg" />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
