import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { courseEditorTexts } from './course-editor-texts.ts';

/** The modal of a module, lesson or question form: the whole screen on phones. */
export function FormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const tx = useTexts(courseEditorTexts);
  const phone = useMediaQuery('(max-width: 576px)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': tx('close') }}
      // A click beside the form must not throw away what was typed.
      closeOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}
