import { networkErrorMessage, publicationLimits } from '@agendo/contract';
import * as catalogueActions from '@agendo/contract/catalogue';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { notifications } from '@mantine/notifications';
import {
  IconPhotoPlus,
  IconPhotoX,
  type IconProps,
  IconStar,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { publicationKey } from '../../lib/publication-query.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { uploadPublicationImage } from './upload-image.ts';
import { myPublicationsKey } from './use-publications.ts';

type ServiceImage = { id: string; link: string };

/** Images of a saved publication: upload (with progress), choose the cover, delete. */
export function ImagesManager({
  publicationRef,
  images,
}: {
  publicationRef: string;
  images: ServiceImage[];
}) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ServiceImage | null>(null);
  const [busy, setBusy] = useState(false);
  const full = images.length >= publicationLimits.maxImages;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: publicationKey(publicationRef) }),
      queryClient.invalidateQueries({ queryKey: myPublicationsKey }),
    ]);

  const failed = (failure: unknown) => {
    if (failure instanceof ApiError && failure.isNetwork) {
      notifications.show({ id: 'network-error', color: 'red', message: networkErrorMessage });
      return;
    }
    setError(
      failure instanceof ApiError
        ? failure.message
        : apiErrorText(catalogueActions.getPublish, failure, lang),
    );
  };

  const onDrop = async (files: File[]) => {
    setError(null);
    const room = publicationLimits.maxImages - images.length;
    if (files.length > room) setError(tx('imagesFull'));
    for (const file of files.slice(0, Math.max(room, 0))) {
      setProgress(0);
      try {
        await uploadPublicationImage(publicationRef, file, setProgress);
      } catch (failure) {
        failed(failure);
        break;
      }
    }
    setProgress(null);
    await refresh();
  };

  const onReject = (_rejections: FileRejection[]) => setError(tx('dropzoneReject'));

  const makeCover = async (image: ServiceImage) => {
    setBusy(true);
    try {
      const order = [image.id, ...images.filter((i) => i.id !== image.id).map((i) => i.id)];
      await call('sort-publication-images', { ref: publicationRef, images: order });
      await refresh();
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await call('delete-publication-image', { ref: toDelete.id });
      setToDelete(null);
      await refresh();
    } catch (failure) {
      failed(failure);
      setToDelete(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {tx('imagesHint')}
      </Text>
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {images.map((image, index) => (
            <Card key={image.id} withBorder radius="md" p={0} pos="relative">
              <Image src={image.link} alt={tx('imageAlt', { n: index + 1 })} h={120} fit="cover" />
              {index === 0 && (
                <Badge
                  pos="absolute"
                  top={8}
                  left={8}
                  size="sm"
                  variant="filled"
                  leftSection={<IconStar size={12} aria-hidden />}
                >
                  {tx('cover')}
                </Badge>
              )}
              <Group justify="flex-end" gap={4} p={6}>
                {index > 0 && (
                  <ImageAction
                    label={tx('makeCover')}
                    n={index + 1}
                    icon={IconStar}
                    onClick={() => makeCover(image)}
                    disabled={busy}
                  />
                )}
                <ImageAction
                  label={tx('deleteImage')}
                  n={index + 1}
                  icon={IconTrash}
                  color="red"
                  onClick={() => setToDelete(image)}
                  disabled={busy}
                />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {full ? (
        <Text size="sm">{tx('imagesFull')}</Text>
      ) : (
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          accept={[...publicationLimits.imageMimeTypes]}
          maxSize={publicationLimits.maxImageBytes}
          multiple
          loading={progress !== null}
          inputProps={{ 'aria-label': tx('dropzone') }}
        >
          <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={36} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconPhotoX size={36} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoPlus size={36} aria-hidden />
            </Dropzone.Idle>
            <Text size="sm" ta="center" maw={260}>
              {tx('dropzone')}
            </Text>
          </Group>
        </Dropzone>
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} aria-label={tx('uploading', { percent: progress })} />
          <Text size="xs" c="dimmed" role="status">
            {tx('uploading', { percent: progress })}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={tx('deleteImage')}
        message={tx('deleteImageConfirm')}
        cancelLabel={tx('cancel')}
        confirmLabel={tx('deleteConfirm')}
        loading={busy}
        onConfirm={confirmDelete}
      >
        {toDelete && <Image src={toDelete.link} alt="" h={160} fit="contain" />}
      </ConfirmDialog>
    </Stack>
  );
}

/** An icon button on the n-th image; its tooltip and its accessible name say what it does. */
function ImageAction({
  label,
  n,
  icon: Icon,
  color,
  onClick,
  disabled,
}: {
  label: string;
  n: number;
  icon: ComponentType<IconProps>;
  color?: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        aria-label={`${label} (${n})`}
        onClick={onClick}
        disabled={disabled}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
