import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The confirmation every destructive action asks for first (STYLE.md; spec 001 §4 "Deleting
 * always asks for confirmation first"): a message, Cancel, and a red confirm button that shows
 * the work in progress. The caller owns the texts.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Shown above the message (e.g. the image about to be deleted). */
  children?: ReactNode;
  closeLabel?: string;
  /** The confirm button's colour: red for what cannot be undone, the theme's for the rest. */
  confirmColor?: 'red' | 'brand';
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={props.closeLabel ? { 'aria-label': props.closeLabel } : undefined}
    >
      <Stack gap="md">
        {props.children}
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            {props.cancelLabel}
          </Button>
          <Button color={props.confirmColor ?? 'red'} loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
