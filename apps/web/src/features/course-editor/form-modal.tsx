import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentType, ReactNode } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';

/**
 * The modal of a module, lesson, question or quiz form, open while there is a `target` (what is
 * being edited). The long forms take the whole screen on phones; a `compact` one stays centred.
 */
export function FormModal<T>({
  target,
  onClose,
  title,
  compact = false,
  children,
}: {
  target: T | null;
  onClose: () => void;
  title: string;
  compact?: boolean;
  children: (target: T) => ReactNode;
}) {
  const tx = useTexts(courseEditorTexts);
  const phone = useMediaQuery('(max-width: 576px)') ?? false;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      {...(compact ? { centered: true } : { size: 'lg', fullScreen: phone })}
      closeButtonProps={{ 'aria-label': tx('close') }}
      // A click beside the form must not throw away what was typed.
      closeOnClickOutside={false}
    >
      {target !== null && children(target)}
    </Modal>
  );
}

/**
 * The FormModal of one kind of item (a module, a lesson, a question): `itemKey` names the item a
 * target edits, undefined for a new one; it picks the title, and the form is mounted again per
 * item so its values start from that item.
 */
export function itemFormModal<T>(
  Form: ComponentType<{ target: T; onDone: () => void }>,
  {
    itemKey,
    titles,
  }: {
    itemKey: (target: T) => string | number | undefined;
    titles: { new: CourseEditorTextKey; edit: CourseEditorTextKey };
  },
) {
  return function ItemFormModal({ target, onClose }: { target: T | null; onClose: () => void }) {
    const tx = useTexts(courseEditorTexts);
    const editing = target !== null && itemKey(target) !== undefined;
    return (
      <FormModal target={target} onClose={onClose} title={tx(editing ? titles.edit : titles.new)}>
        {(open) => <Form key={itemKey(open) ?? 'new'} target={open} onDone={onClose} />}
      </FormModal>
    );
  };
}

/** The foot of those forms: Cancel, and the submit button that shows the save in progress. */
export function FormActions({
  onCancel,
  submitLabel,
  saving,
  busy = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
  /** Work that must not be left half done (an upload): Cancel waits for it. */
  busy?: boolean;
}) {
  const tx = useTexts(courseEditorTexts);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {tx('cancel')}
      </Button>
      <Button type="submit" loading={saving || busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
