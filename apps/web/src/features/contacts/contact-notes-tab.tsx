import * as contactsActions from '@agendo/contract/contacts';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconNotes, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { EmptyNote, MoreButton, RetryAlert } from '../../ui/list-page.tsx';
import classes from './contacts.module.css';
import { contactsTexts } from './contacts-texts.ts';
import { type EditingNote, PsicoNoteModal } from './psico-note-modal.tsx';
import { contactNoteKey, useContactNote, usePsicoNotes } from './use-contacts.ts';

export function formatDateTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-AR', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The Notes tab: the single free-text note and the private session notes ('Apuntes'). */
export function ContactNotesTab({ contactRef }: { contactRef: string }) {
  return (
    <Stack gap="xl">
      <ContactNote contactRef={contactRef} />
      <Apuntes consId={contactRef} />
    </Stack>
  );
}

function ContactNote({ contactRef }: { contactRef: string }) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const note = useContactNote(contactRef);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (note.data !== undefined) setText(note.data);
  }, [note.data]);

  const save = useMutation({
    mutationFn: (value: string) => call('update-notes', { ref: contactRef, note: value }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('contactNoteSaved'), autoClose: 10_000 });
      return queryClient.invalidateQueries({ queryKey: contactNoteKey(contactRef) });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.isNetwork) return;
      setError(apiErrorText(contactsActions.updateNotes, failure, lang));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(text);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="contact-note-title">
      <Title order={3} fz="md" id="contact-note-title">
        {tx('contactNoteTitle')}
      </Title>
      {note.isPending ? (
        <Skeleton height={96} />
      ) : note.isError ? (
        <RetryAlert compact text={tx('apuntesError')} retry={note.refetch} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={tx('note')}
              description={tx('contactNoteHint')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
              autosize
              minRows={3}
              maxRows={10}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={save.isPending} disabled={text === note.data}>
                {tx('contactNoteSave')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function Apuntes({ consId }: { consId: string }) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const notes = usePsicoNotes(consId);
  const [modal, setModal] = useState<{ opened: boolean; editing: EditingNote | null }>({
    opened: false,
    editing: null,
  });
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="apuntes-title">
      <Group justify="space-between" gap="xs">
        <Stack gap={2}>
          <Title order={3} fz="md" id="apuntes-title">
            {tx('apuntesTitle')}
          </Title>
          <Group gap={4} wrap="nowrap">
            <IconLock size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {tx('apuntesPrivate')}
            </Text>
          </Group>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setModal({ opened: true, editing: null })}
        >
          {tx('addApunte')}
        </Button>
      </Group>

      {notes.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={84} radius="md" />
          <Skeleton height={84} radius="md" />
        </Stack>
      ) : notes.isError ? (
        <RetryAlert compact text={tx('apuntesError')} retry={notes.refetch} />
      ) : list.length === 0 ? (
        <EmptyNote
          icon={<IconNotes size={36} stroke={1.5} color="var(--mantine-color-brand-6)" aria-hidden />}
          text={tx('apuntesEmpty')}
        />
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((n) => (
            <Card key={n.id} withBorder radius="md" padding="md" component="li">
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
                <Group gap="xs">
                  <Text size="sm" fw={600} component="time" dateTime={n.date}>
                    {formatDateTime(n.date, lang)}
                  </Text>
                  {n.editedAt && (
                    <Badge size="xs" variant="outline" color="gray.7">
                      {tx('edited')}
                    </Badge>
                  )}
                </Group>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setModal({ opened: true, editing: { id: n.id, note: n.note } })}
                >
                  {tx('editApunte')}
                </Button>
              </Group>
              <Text size="sm" className={classes.noteText}>
                {n.note}
              </Text>
            </Card>
          ))}
          <MoreButton pages={notes} label={tx('apuntesMore')} />
        </Stack>
      )}

      <PsicoNoteModal
        consId={consId}
        opened={modal.opened}
        editing={modal.editing}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
      />
    </Stack>
  );
}
