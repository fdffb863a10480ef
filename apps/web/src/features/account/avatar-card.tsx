import { avatarLimits, type OutputOf } from '@agendo/contract';
import * as accountsActions from '@agendo/contract/accounts';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPhotoUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { uploadAvatar } from '../../lib/upload-avatar.ts';
import { accountTexts } from './account-texts.ts';
import { SectionCard } from './section-card.tsx';
import { accountKey } from './use-account.ts';

export function AvatarCard({ info }: { info: OutputOf<'find-user-info'> }) {
  const t = useTexts(accountTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const upload = useMutation({
    mutationFn: (image: File) => uploadAvatar(image, setProgress),
    onSuccess: () => {
      setFile(null);
      notifications.show({ color: 'teal', message: t('account.updated') });
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError && failure.isNetwork))
        setError(apiErrorText(accountsActions.findUserInfo, failure, lang));
    },
    onSettled: () => setProgress(0),
  });

  const choose = (picked: File | null) => {
    setError(null);
    if (!picked) return;
    // The server checks again; this only spares a slow upload that would be refused.
    if (!(avatarLimits.mimeTypes as readonly string[]).includes(picked.type)) {
      setError(t('account.avatarBadType'));
      return;
    }
    if (picked.size > avatarLimits.maxBytes) {
      setError(t('account.avatarTooBig'));
      return;
    }
    setFile(picked);
  };

  return (
    <SectionCard title={t('account.avatarTitle')}>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={preview ?? info.userImg}
          alt={preview ? t('account.avatarPreviewAlt') : t('account.avatarAlt')}
          size={88}
          radius="50%"
          color="brand"
        >
          {info.userFirstName.charAt(0)}
          {info.userLastName.charAt(0)}
        </Avatar>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Text size="sm" c="dimmed">
            {t('account.avatarHint')}
          </Text>
          <Group gap="xs">
            <FileButton
              onChange={choose}
              accept={avatarLimits.mimeTypes.join(',')}
              disabled={upload.isPending}
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhotoUp size={18} aria-hidden />}>
                  {t('account.avatarChoose')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Group>
      {error && (
        <Group gap={6} c="red.8" role="alert" wrap="nowrap">
          <IconAlertCircle size={18} aria-hidden />
          <Text size="sm">{error}</Text>
        </Group>
      )}
      {upload.isPending && (
        <Stack gap={4}>
          <Progress value={progress} aria-label={t('account.avatarUploading', { percent: progress })} />
          <Text size="xs" c="dimmed" role="status">
            {t('account.avatarUploading', { percent: progress })}
          </Text>
        </Stack>
      )}
      {file && (
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={() => setFile(null)} disabled={upload.isPending}>
            {t('account.avatarCancel')}
          </Button>
          <Button onClick={() => upload.mutate(file)} loading={upload.isPending}>
            {t('account.avatarUpload')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
