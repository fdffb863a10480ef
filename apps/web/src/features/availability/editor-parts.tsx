import type { ActionDef } from '@agendo/contract';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Icon, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { availabilityTexts } from './availability-texts.ts';

/** A save went through: the editors' confirmation toast (spec 000 §9: 10 s). */
export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 10000 });
}

/** A network failure has already been told by the api layer; anything else is told here. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.isNetwork;

/**
 * The publication's turn length and, when its turns are of the other kind (weekly or by date),
 * the way to the editor of that kind.
 */
export function PublicationIntro({
  duration,
  otherType,
  warning,
  linkText,
  linkPath,
}: {
  duration: number;
  otherType: boolean;
  warning: string;
  linkText: string;
  linkPath: string;
}) {
  const t = useTexts(availabilityTexts);
  const { to } = usePrefix();
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('duration', { minutes: duration })}
      </Text>
      {otherType && (
        <Alert color="yellow" variant="light">
          <Text size="sm">{warning}</Text>
          <Anchor component={Link} to={to(linkPath)} size="sm">
            {linkText}
          </Anchor>
        </Alert>
      )}
    </>
  );
}

/** The form that adds one item to an editor's list, its submit button last. */
export function AddForm({
  onSubmit,
  saving,
  icon: SubmitIcon,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  icon: Icon;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {children}
        <Button
          type="submit"
          loading={saving}
          leftSection={<SubmitIcon size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * An editor's saved items, each with a delete button that asks first and says when it is done;
 * or a note when there are none.
 */
export function RemovableList<T extends { ref: string }>({
  items,
  emptyIcon: EmptyIcon,
  emptyText,
  children,
  removeLabel,
  confirm,
  removedText,
  action,
  saving,
  remove,
}: {
  items: T[];
  emptyIcon: Icon;
  emptyText: string;
  children: (item: T) => ReactNode;
  removeLabel: (item: T) => string;
  confirm: { title: string; text: (item: T) => string; label: string };
  removedText: string;
  /** The save action, whose catalogue names a refusal. */
  action: Pick<ActionDef, 'errors'>;
  saving: boolean;
  remove: (item: T) => Promise<unknown>;
}) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const [toRemove, setToRemove] = useState<T | null>(null);

  async function removeNow(item: T) {
    try {
      await remove(item);
      notifySaved(removedText);
    } catch (error) {
      if (!isNetworkFailure(error)) {
        notifications.show({ color: 'red', message: apiErrorText(action, error, lang), autoClose: 10000 });
      }
    } finally {
      setToRemove(null);
    }
  }

  return (
    <>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="xs" ta="center">
            <EmptyIcon size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">{emptyText}</Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Paper key={item.ref} component="li" withBorder radius="md" px="md" py="xs">
              <Group justify="space-between" wrap="nowrap">
                {children(item)}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  onClick={() => setToRemove(item)}
                  aria-label={removeLabel(item)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={confirm.title}
        message={toRemove ? confirm.text(toRemove) : ''}
        cancelLabel={t('cancel')}
        confirmLabel={confirm.label}
        loading={saving}
        onConfirm={() => toRemove && removeNow(toRemove)}
      />
    </>
  );
}
