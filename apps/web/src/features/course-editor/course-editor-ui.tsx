import { type ActionDef, courseLimits } from '@agendo/contract';
import { ActionIcon, Alert, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RetryAlert } from '../../ui/list-page.tsx';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';

/** The session is not a professional's (the editors' policy answers E403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'E403';
}

/** A list that could not load: a session that is not a professional's cannot retry. */
function ListLoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const tx = useTexts(courseEditorTexts);
  return isForbidden(error) ? (
    <RetryAlert text={tx('onlyProfessionals')} />
  ) : (
    <RetryAlert text={tx('loadError')} retry={retry} />
  );
}

/** CardListPage's failure for the editors' lists. */
export const listFailure = (error: unknown, retry: () => unknown) => (
  <ListLoadError error={error} retry={retry} />
);

/**
 * Up and down buttons for ordered items (modules, lessons): real buttons, so they work from
 * the keyboard, each named after what it moves. The first cannot go up nor the last down.
 */
export function MoveButtons({
  id,
  first,
  last,
  upLabel,
  downLabel,
  busy,
  onMove,
}: {
  id: string;
  first: boolean;
  last: boolean;
  upLabel: string;
  downLabel: string;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  const button = (direction: 'up' | 'down', label: string, disabled: boolean, Icon: typeof IconChevronUp) => (
    <ActionIcon
      id={`move-${direction}-${id}`}
      variant="default"
      size={44}
      radius="md"
      aria-label={label}
      disabled={disabled}
      onClick={() => !busy && onMove(direction)}
    >
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {button('up', upLabel, first, IconChevronUp)}
      {button('down', downLabel, last, IconChevronDown)}
    </Group>
  );
}

/** The edit and delete buttons of one item of a list, each named after what it acts on. */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <ActionIcon variant="default" size={44} radius="md" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        c="red.9"
        size={44}
        radius="md"
        aria-label={deleteLabel}
        onClick={onDelete}
      >
        <IconTrash size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}

/**
 * After a move re-renders the list, the keyboard stays on the moved item's button (or its
 * other one, when it reached the top or the bottom). The new order may take a few frames.
 */
export function refocusMove(id: string, direction: 'up' | 'down', frames = 10) {
  requestAnimationFrame(() => {
    const button = (name: string) =>
      document.getElementById(`move-${name}-${id}`) as HTMLButtonElement | null;
    const same = button(direction);
    const other = button(direction === 'up' ? 'down' : 'up');
    const target = same && !same.disabled ? same : other && !other.disabled ? other : null;
    if (target) target.focus();
    else if (frames > 0) refocusMove(id, direction, frames - 1);
  });
}

/**
 * The confirmation before deleting (ui/confirm-dialog): it runs the mutation, says so in a toast
 * and, when the server refuses (a course with students, a quiz a lesson uses), shows its message
 * inside.
 */
export function ConfirmDelete<V>({
  target,
  action,
  mutation,
  title,
  message,
  onClose,
  deletedText,
  onDeleted,
}: {
  target: V | null;
  action: Pick<ActionDef, 'errors'>;
  mutation: UseMutationResult<unknown, Error, V>;
  title: string;
  message: ReactNode;
  onClose: () => void;
  /** The toast once it is gone. */
  deletedText: string;
  onDeleted?: () => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (target !== null) setError(null);
  }, [target]);
  return (
    <ConfirmDialog
      opened={target !== null}
      title={title}
      message={message}
      confirmLabel={tx('deleteConfirm')}
      cancelLabel={tx('cancel')}
      closeLabel={tx('close')}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (target === null) return;
        setError(null);
        mutation.mutate(target, {
          onSuccess: () => {
            onClose();
            notifications.show({ color: 'teal', message: deletedText });
            onDeleted?.();
          },
          onError: (failure) => {
            if (failure instanceof ApiError && failure.isNetwork) return;
            setError(apiErrorText(action, failure, lang));
          },
        });
      }}
    >
      {error && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/** A web address input's settings (a video, an image, a call): the keyboard and the length for links. */
export const linkInput = {
  placeholder: 'https://',
  type: 'url',
  inputMode: 'url',
  maxLength: courseLimits.linkMax,
} as const;

/** '1 clase' / '3 clases': the singular has its own text. */
export function useCount() {
  const tx = useTexts(courseEditorTexts);
  return (n: number, one: CourseEditorTextKey, many: CourseEditorTextKey) =>
    n === 1 ? tx(one) : tx(many, { n });
}
