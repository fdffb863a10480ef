import { type RecordFile, uploadMessages } from '@agendo/contract';
import { Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { clinicalTexts } from './clinical-texts.ts';
import { RecordFileChip } from './record-file-view.tsx';
import { checkSelection, type UploadArea, UploadError, uploadRecordFiles } from './record-files.ts';

const accept = 'image/jpeg,application/pdf,application/msword,.doc,.docx,.jpg,.jpeg,.pdf';

/** spec 001 §2.5 and §5: the file upload of studies, treatments, consents and vaccines. */
export function FileField({
  area,
  consId,
  value,
  onChange,
  error,
}: {
  area: UploadArea;
  consId: string;
  value: RecordFile[];
  onChange(files: RecordFile[]): void;
  error?: string | undefined;
}) {
  const tx = useTexts(clinicalTexts);
  const [progress, setProgress] = useState<number | null>(null);

  async function pick(files: File[]) {
    if (files.length === 0) return;
    const problem = checkSelection(files);
    if (problem) {
      const message =
        problem === 'tooMany'
          ? uploadMessages.tooMany
          : problem === 'tooLarge'
            ? uploadMessages.tooLarge
            : tx('filesType');
      notifications.show({ color: 'red', message, autoClose: 10_000 });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadRecordFiles(area, consId, files, setProgress);
      onChange([...value, ...uploaded]);
      notifications.show({ color: 'teal', message: uploadMessages.done, autoClose: 10_000 });
    } catch (failure) {
      const message = failure instanceof UploadError ? failure.message : uploadMessages.failed('E500');
      notifications.show({ color: 'red', message, autoClose: 10_000 });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Input.Wrapper label={tx('files')} description={tx('filesHint')} error={error}>
      <Stack gap="xs" mt={6}>
        <Group>
          <FileButton onChange={pick} accept={accept} multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={progress !== null}
                data-field="files"
              >
                {tx('filesAdd')}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {tx('filesUploading')}
            </Text>
            <Progress value={progress} aria-label={tx('filesUploading')} />
          </Stack>
        )}
        {value.length > 0 && (
          <Group gap="xs">
            {value.map((file) => (
              <RecordFileChip
                key={file.id}
                file={file}
                onRemove={() => onChange(value.filter((f) => f.id !== file.id))}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
