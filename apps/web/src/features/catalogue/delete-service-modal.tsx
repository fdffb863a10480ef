import * as catalogueActions from '@agendo/contract/catalogue';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { catalogueTexts } from './catalogue-texts.ts';
import { useDeletePublication } from './use-publications.ts';

/** Confirmation before deleting (STYLE: destructive actions ask first); shows why it was refused. */
export function DeleteServiceModal({
  service,
  onClose,
  onDeleted,
}: {
  service: { ref: string; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const remove = useDeletePublication();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (service) setError(null);
  }, [service]);

  const confirm = () => {
    if (!service) return;
    remove.mutate(service.ref, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: tx('deletedToast') });
        onClose();
        onDeleted?.();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.isNetwork) return;
        setError(apiErrorText(catalogueActions.deletePublish, failure, lang));
      },
    });
  };

  return (
    <Modal opened={service !== null} onClose={onClose} title={tx('deleteTitle')} centered>
      <Stack>
        <Text>{tx('deleteText', { title: service?.title ?? '' })}</Text>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tx('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={error !== null}>
            {tx('deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
