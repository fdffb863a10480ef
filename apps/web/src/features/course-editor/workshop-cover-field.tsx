import { workshopCoverErrors } from '@agendo/contract';
import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { uploadFile } from '../../lib/upload-file.ts';
import { courseEditorTexts } from './course-editor-texts.ts';
import { workshopKey } from './use-course-editor.ts';

const CoverAnswer = z.object({ status: z.literal('200'), cover: z.string() });

/** The course's cover (its page and cards): uploaded at once, re-encoded by the server. */
export function WorkshopCoverField({ workshopRef, cover }: { workshopRef: string; cover: string | null }) {
  const tx = useTexts(courseEditorTexts);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    const form = new FormData();
    form.append('ref', workshopRef);
    form.append('image', file);
    try {
      await uploadFile({
        url: '/upload/workshop-cover',
        form,
        answer: CoverAnswer,
        errors: workshopCoverErrors,
        onProgress: setProgress,
      });
      await queryClient.invalidateQueries({ queryKey: workshopKey(workshopRef) });
      notifications.show({ color: 'teal', message: tx('coverSaved') });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : tx('coverFailed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {tx('cover')}
      </Text>
      {cover ? (
        <Image src={cover} alt={tx('cover')} h={140} w={250} fit="cover" radius="md" />
      ) : (
        <Text size="sm" c="dimmed">
          {tx('coverEmpty')}
        </Text>
      )}
      <Group>
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={18} aria-hidden />}
              loading={progress !== null}
            >
              {cover ? tx('coverChange') : tx('coverUpload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
