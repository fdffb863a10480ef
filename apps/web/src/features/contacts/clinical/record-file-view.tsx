import type { RecordFile } from '@agendo/contract';
import { Button, CloseButton, Group, Image, Loader, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { clinicalTexts } from './clinical-texts.ts';
import { fetchRecordBlob, openInNewTab } from './record-files.ts';

/** The large webp view of an image, fetched with the session (the files are private). */
function ImageViewer({ file, onClose }: { file: RecordFile; onClose(): void }) {
  const tx = useTexts(clinicalTexts);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchRecordBlob(file.large ?? file.link)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return (
    <Modal
      opened
      onClose={onClose}
      title={file.name}
      size="xl"
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      {failed ? (
        <Text c="red">{tx('loadError')}</Text>
      ) : url ? (
        <Image src={url} alt={file.name} fit="contain" mah="75vh" />
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label={tx('fileLoading')} />
        </Group>
      )}
    </Modal>
  );
}

const icons = { image: IconPhoto, pdf: IconFileTypePdf, doc: IconFile } as const;

/** A file of an entry: images open large, PDFs in a new tab, Word files download. */
export function RecordFileChip({ file, onRemove }: { file: RecordFile; onRemove?: () => void }) {
  const tx = useTexts(clinicalTexts);
  const [viewing, setViewing] = useState(false);
  const Icon = icons[file.type];
  const open = () => {
    if (file.type === 'image') {
      setViewing(true);
      return;
    }
    openInNewTab(file.link, file.name, file.type === 'doc').catch(() =>
      notifications.show({ color: 'red', message: tx('loadError'), autoClose: 10_000 }),
    );
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
      {viewing && <ImageViewer file={file} onClose={() => setViewing(false)} />}
    </Group>
  );
}
