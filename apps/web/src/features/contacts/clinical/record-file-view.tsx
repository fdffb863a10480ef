import type { RecordFile } from '@agendo/contract';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { useDocumentReader } from '../../../ui/document-reader-slot.tsx';
import { clinicalTexts } from './clinical-texts.ts';
import { fetchRecordBlob, openInNewTab } from './record-files.ts';

const icons = { image: IconPhoto, pdf: IconFileTypePdf, doc: IconFile } as const;

/**
 * A file of an entry: images (their large webp) and PDFs open in the shell's readers (spec 000
 * §2.3; a new tab on phones), Word files download.
 */
export function RecordFileChip({ file, onRemove }: { file: RecordFile; onRemove?: () => void }) {
  const tx = useTexts(clinicalTexts);
  const openDocument = useDocumentReader();
  const Icon = icons[file.type];
  const open = () => {
    const opening =
      file.type === 'doc'
        ? openInNewTab(file.link, file.name, true)
        : openDocument({
            kind: file.type,
            title: file.name,
            fileName: file.name,
            load: () => fetchRecordBlob(file.type === 'image' ? (file.large ?? file.link) : file.link),
          });
    opening.catch(() => notifications.show({ color: 'red', message: tx('loadError'), autoClose: 10_000 }));
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<Icon size={16} aria-hidden />}
        onClick={open}
        aria-label={tx('fileView', { name: file.name })}
        maw={240}
      >
        <Text span size="sm" truncate>
          {file.name}
        </Text>
      </Button>
      {onRemove && (
        <CloseButton size="sm" onClick={onRemove} aria-label={tx('fileRemove', { name: file.name })} />
      )}
    </Group>
  );
}
