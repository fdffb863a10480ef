import * as contactsActions from '@agendo/contract/contacts';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { contactsTexts } from './contacts-texts.ts';
import { psicoNotesKey } from './use-contacts.ts';

export interface EditingNote {
  id: string;
  note: string;
}

interface Props {
  consId: string;
  opened: boolean;
  /** The note being edited; absent for a new one. */
  editing: EditingNote | null;
  onClose: () => void;
}

/** spec 001 §2.4 and §4 "Notes": one textarea and 'Guardar nota'; a blank note never leaves the page. */
export function PsicoNoteModal({ consId, opened, editing, onClose }: Props) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (opened) {
      setText(editing?.note ?? '');
      setError(undefined);
    }
  }, [opened, editing]);

  const save = useMutation({
    mutationFn: (note: string) => call('save-psico-notes', { consId, ref: editing?.id ?? null, note }),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: editing ? tx('noteEdited') : tx('noteAdded'),
        autoClose: 10_000,
      });
      // spec 001 §4: the list reloads from the start after a save.
      await queryClient.resetQueries({ queryKey: psicoNotesKey(consId) });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.isNetwork) return;
      const message = apiErrorText(contactsActions.savePsicoNotes, failure, lang);
      if (failure instanceof ApiError && failure.field === 'note') setError(message);
      else notifications.show({ color: 'red', message, autoClose: 10_000 });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(tx('blankNote'));
      return;
    }
    setError(undefined);
    save.mutate(text);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? tx('editNote') : tx('newNote')}
      size="lg"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': tx('cancel') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Textarea
            label={tx('note')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            autosize
            minRows={6}
            maxRows={16}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {tx('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tx('saveNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
