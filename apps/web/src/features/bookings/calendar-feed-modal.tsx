import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { bookingsTexts } from './bookings-texts.ts';
import { useCalendarFeed, useResetCalendarFeed } from './use-bookings.ts';

/** 'Suscribirse al calendario': the professional's private ICS feed URL, copy and reset. */
export function CalendarFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tx = useTexts(bookingsTexts);
  const feed = useCalendarFeed(opened);
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    const url = feed.data?.url;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'teal', autoClose: 10_000, message: tx('copied') });
    } catch {
      notifications.show({ color: 'red', autoClose: 10_000, message: tx('copyFailed') });
    }
  };

  const doReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', autoClose: 10_000, message: tx('feedResetDone') });
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError && error.isNetwork) return;
        notifications.show({ color: 'red', autoClose: 10_000, message: error.message || tx('feedError') });
      },
    });

  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={onClose}
        title={tx('feedTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': tx('close') }}
      >
        <Stack gap="sm">
          <Text fz="sm">{tx('feedText')}</Text>
          {feed.isPending && <Skeleton height={36} />}
          {feed.isError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{tx('feedError')}</Text>
                <Button size="xs" variant="white" color="red" onClick={() => feed.refetch()}>
                  {tx('retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {feed.data && (
            <>
              <TextInput
                label={tx('feedUrl')}
                value={feed.data.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <Text fz="xs" c="dimmed">
                {tx('feedWarning')}
              </Text>
              <Group justify="space-between" wrap="wrap">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  {tx('feedReset')}
                </Button>
                <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  {tx('copy')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={opened && confirming}
        title={tx('feedResetTitle')}
        message={tx('feedResetText')}
        confirmLabel={tx('feedResetConfirm')}
        cancelLabel={tx('cancel')}
        closeLabel={tx('close')}
        loading={reset.isPending}
        onConfirm={doReset}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
