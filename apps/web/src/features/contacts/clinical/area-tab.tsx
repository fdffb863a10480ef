import { Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { callAction } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { AnyArea } from './clinical-areas.tsx';
import { clinicalTexts } from './clinical-texts.ts';
import { EntryForm, type ItemOf } from './entry-form.tsx';
import { ListLoadError } from './list-load-error.tsx';

const pageSize = 100;
const toast = (message: string) => notifications.show({ color: 'teal', message, autoClose: 10_000 });

export const clinicalKey = (consId: string) => ['clinical', consId] as const;

type Entry = ItemOf<AnyArea['area']>;

/** One tab: heading, add button, empty-state card, card list, new/edit modal, delete confirmation. */
export function AreaTab({ tab, consId }: { tab: AnyArea; consId: string }) {
  const { area, kind } = tab;
  const tx = useTexts(clinicalTexts);
  const queryClient = useQueryClient();
  // `session` increments on every open so the form starts empty (spec 001 §4: closing resets it).
  const [modal, setModal] = useState<{ item: Entry | null; session: number } | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);

  const list = useInfiniteQuery({
    queryKey: [...clinicalKey(consId), tab.key],
    queryFn: ({ pageParam }) =>
      callAction(area.find, { consId, next: pageParam, ...(kind === undefined ? {} : { type: kind }) }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * pageSize : undefined),
  });

  // spec 001 §4: after a save or delete the list reloads from the start.
  const reload = () => queryClient.resetQueries({ queryKey: [...clinicalKey(consId), tab.key] });

  const remove = useMutation({
    mutationFn: (ref: string) => callAction(area.remove, { ref }),
    onSuccess: async () => {
      setDeleting(null);
      toast(tab.toast.deleted);
      await reload();
    },
    onError: () => setDeleting(null),
  });

  const items: Entry[] = list.data?.pages.flatMap((page): Entry[] => page.results) ?? [];
  const line = (key: Parameters<typeof tx>[0], vars: Record<string, string>) => tx(key, vars);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{tab.heading}</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setModal({ item: null, session: Date.now() })}
        >
          {tab.add}
        </Button>
      </Group>

      {list.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : list.isError ? (
        <ListLoadError retry={list.refetch} />
      ) : items.length === 0 ? (
        <Card withBorder padding="lg">
          <Stack align="flex-start" gap="sm">
            <Text>{tab.empty}</Text>
            <Button variant="light" onClick={() => setModal({ item: null, session: Date.now() })}>
              {tab.add}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <Card key={item.id} withBorder padding="md" component="article">
              <Stack gap={6}>
                {tab.card(item, line)}
                <Text size="xs" c="dimmed">
                  {tx('professional', { name: item.profName })}
                </Text>
                <Group gap="xs" justify="flex-end">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setModal({ item, session: Date.now() })}
                  >
                    {tx('edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setDeleting(item)}
                  >
                    {tx('delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
          {list.hasNextPage && (
            <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {tx('loadMore')}
            </Button>
          )}
        </Stack>
      )}

      <Modal
        opened={modal !== null}
        onClose={() => setModal(null)}
        title={modal?.item ? tab.editTitle : tab.newTitle}
        size="lg"
        closeButtonProps={{ 'aria-label': tx('close') }}
      >
        {modal && (
          <EntryForm
            key={modal.session}
            area={area}
            kind={kind}
            consId={consId}
            item={modal.item}
            onCancel={() => setModal(null)}
            onSaved={async (edited: boolean) => {
              setModal(null);
              toast(edited ? tab.toast.updated : tab.toast.created);
              await reload();
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={tx('confirmTitle')}
        closeLabel={tx('close')}
        message={tab.confirmDelete}
        cancelLabel={tx('cancel')}
        confirmLabel={tx('confirm')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
