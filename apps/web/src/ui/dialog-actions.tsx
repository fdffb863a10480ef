import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog's last row: the way out, then on its right the button (`children`) that does the work. */
export function DialogActions({
  cancelLabel,
  onCancel,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
