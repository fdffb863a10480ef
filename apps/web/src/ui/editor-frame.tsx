import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { usePrefix } from '../lib/route-prefix.ts';
import {
  EditorHeader,
  SectionedForm,
  SectionsLayout,
  scrollToSection,
  useLeaveGuard,
} from './sectioned-editor.tsx';

/*
 * The page of an editor for one of the professional's items (a service, a course) built on the
 * sectioned editor: its heading with the public page's link, the paused banner, the sections'
 * navigation and form, and the modals after it. The editors differ only in their sections.
 */

/**
 * Which section the navigation highlights and how it moves to one: `opened` is the section the
 * address names (scrolled to on opening); a saved item's address follows the section moved to
 * (`{address}/{section}`). `followScroll` also highlights the section at the top while scrolling.
 */
export function useEditorSections<S extends string>(
  sections: readonly S[],
  opened: S | undefined,
  address: string | undefined,
  followScroll = false,
) {
  const { to } = usePrefix();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(opened);

  useEffect(() => {
    if (opened) scrollToSection(opened);
  }, [opened]);

  useEffect(() => {
    if (!followScroll) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: S | undefined;
      for (const section of sections) {
        const top = document.getElementById(`section-${section}`)?.getBoundingClientRect().top;
        if (top !== undefined && top <= 140) current = section;
      }
      if (current) setVisible(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections, followScroll]);

  const goTo = (target: S) => {
    setVisible(target);
    scrollToSection(target);
    if (address) navigate(to(`${address}/${target}`), { replace: true, preventScrollReset: true });
  };
  return { visible, goTo };
}

/**
 * Saving the item: refreshes its lists and its own read, then a new item moves on to `createdPath`
 * (leaving without the unsaved-changes question) and a saved one stays, no longer dirty.
 */
export function useSaveItem<V>({
  save,
  savedRef,
  refresh,
  texts,
  createdPath,
  allowLeave,
  markSaved,
}: {
  save: (values: V) => Promise<{ ref: string }>;
  savedRef: string | undefined;
  refresh: (ref: string) => QueryKey[];
  texts: { created: string; saved: string };
  createdPath: (ref: string) => string;
  allowLeave: () => void;
  markSaved: () => void;
}) {
  const { to } = usePrefix();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async ({ ref }) => {
      await Promise.all(refresh(ref).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!savedRef) {
        notifications.show({ color: 'teal', message: texts.created });
        allowLeave();
        navigate(to(createdPath(ref)), { replace: true });
        return;
      }
      notifications.show({ color: 'teal', message: texts.saved });
      markSaved();
    },
  });
}

/**
 * What an item's editor does besides its fields: the section shown (useEditorSections), the
 * question before leaving unsaved changes, the save (useSaveItem) and the submit, which sends a
 * saved item's ref. `frame` is EditorFrame's navigation and form; `path` is the editor's
 * address before the ref ('general-service').
 */
export function useItemEditor<S extends string, F extends FieldValues, V extends FieldValues>({
  editor,
  path,
  sections,
  section,
  followScroll = false,
  labels,
  ...saving
}: {
  editor: {
    form: UseFormReturn<F, unknown, V>;
    submit: (work: (values: V) => Promise<unknown>) => (event?: BaseSyntheticEvent) => Promise<void>;
  };
  path: string;
  sections: readonly S[];
  section: S | undefined;
  followScroll?: boolean;
  labels: { section: (section: S) => string; nav: string; form: string; submit: string };
} & Omit<Parameters<typeof useSaveItem<V>>[0], 'allowLeave' | 'markSaved'>) {
  const { form, submit } = editor;
  const address = saving.savedRef && `${path}/${saving.savedRef}`;
  const { visible, goTo } = useEditorSections(sections, section, address, followScroll);
  const { blocker, allowLeave } = useLeaveGuard(() => form.formState.isDirty, address && `/${address}`);
  const save = useSaveItem({ ...saving, allowLeave, markSaved: () => form.reset(form.getValues()) });
  const onSubmit = submit(async (values) => {
    await save.mutateAsync(saving.savedRef ? { ...values, ref: saving.savedRef } : values);
  });
  const frame = {
    nav: {
      sections: sections.map((id) => ({ id, label: labels.section(id) })),
      current: visible,
      onSelect: goTo,
      label: labels.nav,
    },
    form: {
      label: labels.form,
      onSubmit,
      hasErrors: Object.keys(form.formState.errors).length > 0,
      dirty: form.formState.isDirty,
      submitLabel: labels.submit,
      saving: save.isPending,
    },
  };
  return { frame, blocker, allowLeave };
}

export function EditorFrame<S extends string>({
  back,
  title,
  view,
  intro,
  pausedText,
  nav,
  form,
  children,
  after,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  /** The item's public page, once it exists. */
  view?: { to: string; label: string };
  intro: string;
  /** The banner of a paused item; absent when it is not paused. */
  pausedText?: string;
  nav: {
    sections: { id: S; label: string }[];
    current: S | undefined;
    onSelect: (id: S) => void;
    label: string;
  };
  form: Omit<ComponentProps<typeof SectionedForm>, 'children'>;
  children: ReactNode;
  /** The modals (delete, leave with unsaved changes). */
  after: ReactNode;
}) {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <EditorHeader
          back={back}
          title={title}
          action={
            view && (
              <Button
                component={Link}
                to={view.to}
                variant="default"
                leftSection={<IconExternalLink size={18} aria-hidden />}
              >
                {view.label}
              </Button>
            )
          }
          intro={intro}
        />

        {pausedText && (
          <Alert color="yellow" icon={<IconPlayerPause aria-hidden />} role="status">
            {pausedText}
          </Alert>
        )}

        <SectionsLayout
          sections={nav.sections}
          current={nav.current}
          onSelect={nav.onSelect}
          label={nav.label}
        >
          <SectionedForm {...form}>{children}</SectionedForm>
        </SectionsLayout>
      </Stack>
      {after}
    </Container>
  );
}

/** The last card of a saved item: what deleting means and its button, under `children` (a pause switch). */
export function DeleteCard({
  label,
  text,
  deleteLabel,
  onDelete,
  children,
}: {
  label?: string;
  text: string;
  deleteLabel: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={label}>
      <Stack gap="md">
        {children}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={460}>
            {text}
          </Text>
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={onDelete}
          >
            {deleteLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
