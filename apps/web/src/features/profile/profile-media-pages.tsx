import {
  type ErrorCatalogue,
  type InputOf,
  type OutputOf,
  type ProfileImageKind,
  routes,
} from '@agendo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconFileTypePdf, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { getToken } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload-file.ts';
import { publicDocument, useDocumentReader } from '../../ui/document-reader-slot.tsx';
import { EditorFrame, ProfileGate } from './profile-frame.tsx';
import { mediaTexts } from './profile-media-texts.ts';
import { profileKey } from './use-profile.ts';

type Profile = OutputOf<'find-user-profile'>;
type MediaKey = keyof (typeof mediaTexts)['es'];
type RemovableKind = InputOf<'delete-profile-image'>['kind'];

const imageKinds: Record<ProfileImageKind, { title: MediaKey; intro: MediaKey; shape: 'square' | 'wide' }> = {
  'logo-square': { title: 'logoSquareTitle', intro: 'logoSquareIntro', shape: 'square' },
  'logo-rectangle': { title: 'logoRectangleTitle', intro: 'logoRectangleIntro', shape: 'wide' },
  sign: { title: 'signTitle', intro: 'signIntro', shape: 'wide' },
};

/** change-logo-square (spec 000 §2.2). */
export function ChangeLogoSquarePage() {
  return <ProfileGate>{(profile) => <ImageEditor kind="logo-square" profile={profile} />}</ProfileGate>;
}

/** change-logo-rectangle (spec 000 §2.2). */
export function ChangeLogoRectanglePage() {
  return <ProfileGate>{(profile) => <ImageEditor kind="logo-rectangle" profile={profile} />}</ProfileGate>;
}

/** change-sign (spec 000 §2.2): private, so the preview is fetched with the session. */
export function ChangeSignPage() {
  return <ProfileGate>{(profile) => <ImageEditor kind="sign" profile={profile} />}</ProfileGate>;
}

/** change-user-certificate (spec 000 §2.2). */
export function ChangeUserCertificatePage() {
  return <ProfileGate>{(profile) => <CertificateEditor profile={profile} />}</ProfileGate>;
}

function currentImage(profile: Profile, kind: ProfileImageKind): string | null {
  if (kind === 'logo-square') return profile.logoSquare;
  if (kind === 'logo-rectangle') return profile.logoRectangle;
  return profile.sign;
}

/** The signature's bytes as a blob: URL (an <img> cannot send the session's header). */
function usePrivateImage(path: string | null, version: number) {
  const query = useQuery({
    queryKey: ['profile-sign', path, version],
    enabled: path !== null,
    queryFn: async () => {
      const token = getToken();
      const response = await fetch(path ?? '', {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = query.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}

type UploadRoute = { path: string; output: z.ZodType<unknown>; errors: ErrorCatalogue };

/**
 * Sends a profile file, with its progress (null while idle). Once the file is stored, `onStored`
 * runs, the profile is read again and a toast says so; a failure comes back with the field the
 * server named and its message, or the generic one.
 */
function useProfileUpload(route: UploadRoute, onStored: () => void) {
  const tx = useTexts(mediaTexts);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  async function send(form: FormData): Promise<{ field: string | undefined; message: string } | null> {
    setProgress(0);
    try {
      await uploadFile({
        url: route.path,
        form,
        answer: route.output,
        errors: route.errors,
        onProgress: setProgress,
      });
      onStored();
      await queryClient.invalidateQueries({ queryKey: profileKey });
      notifications.show({ color: 'teal', message: tx('saved') });
      return null;
    } catch (error) {
      return error instanceof ApiError
        ? { field: error.field, message: error.message || tx('failed') }
        : { field: undefined, message: tx('failed') };
    } finally {
      setProgress(null);
    }
  }
  return { progress, send };
}

/** Removes a stored image or the certificate from the profile. */
function RemoveFileButton({ kind, small = false }: { kind: RemovableKind; small?: boolean }) {
  const tx = useTexts(mediaTexts);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call('delete-profile-image', { kind }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKey });
      notifications.show({ color: 'teal', message: tx('removed') });
    },
  });
  return (
    <Button
      variant="default"
      color="red"
      size={small ? 'xs' : undefined}
      leftSection={<IconTrash size={small ? 16 : 18} aria-hidden />}
      loading={remove.isPending}
      onClick={() => remove.mutate()}
    >
      {tx('remove')}
    </Button>
  );
}

function ImageEditor({ kind, profile }: { kind: ProfileImageKind; profile: Profile }) {
  const tx = useTexts(mediaTexts);
  const { title, intro, shape } = imageKinds[kind];
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const { progress, send } = useProfileUpload(routes.uploadProfileImage, () => setVersion((v) => v + 1));
  const stored = currentImage(profile, kind);
  const privateImage = usePrivateImage(kind === 'sign' ? stored : null, version);
  const shown = kind === 'sign' ? (privateImage.data ?? null) : stored;

  async function upload(file: File | null) {
    if (!file) return;
    setProblem(null);
    const form = new FormData();
    form.append('kind', kind);
    form.append('image', file);
    setProblem((await send(form))?.message ?? null);
  }

  return (
    <EditorFrame title={tx(title)} intro={tx(intro)}>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {tx('current')}
          </Text>
          {shown ? (
            <Image
              src={shown}
              alt={tx(title)}
              w={shape === 'square' ? 160 : '100%'}
              maw={shape === 'square' ? 160 : 520}
              h={shape === 'square' ? 160 : 'auto'}
              fit={shape === 'square' ? 'cover' : 'contain'}
              radius="md"
              bg="gray.0"
            />
          ) : privateImage.isError ? (
            <Text size="sm" c="red">
              {tx('signLoadError')}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {tx('noImage')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {tx('imageFormats')}
          </Text>
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress} aria-label={tx('uploading', { percent: progress })} />
              <Text size="xs">{tx('uploading', { percent: progress })}</Text>
            </Stack>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group>
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconPhotoUp size={18} aria-hidden />}
                  loading={progress !== null}
                >
                  {stored ? tx('change') : tx('upload')}
                </Button>
              )}
            </FileButton>
            {stored && <RemoveFileButton kind={kind} />}
          </Group>
        </Stack>
      </Paper>
    </EditorFrame>
  );
}

function CertificateEditor({ profile }: { profile: Profile }) {
  const tx = useTexts(mediaTexts);
  const openDocument = useDocumentReader();
  const [title, setTitle] = useState(profile.certificate?.title ?? '');
  const [file, setFile] = useState<File | null>(null);
  const { progress, send } = useProfileUpload(routes.uploadUserCertificate, () => setFile(null));
  const [errors, setErrors] = useState<{ title?: string; file?: string; other?: string }>({});
  const current = profile.certificate;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setErrors({ file: tx('certificateMissingFile') });
      return;
    }
    setErrors({});
    const form = new FormData();
    form.append('title', title);
    form.append('file', file);
    const failure = await send(form);
    if (!failure) return;
    const { field, message } = failure;
    setErrors(
      field === 'title' ? { title: message } : field === 'file' ? { file: message } : { other: message },
    );
  }

  return (
    <EditorFrame title={tx('certificateTitle')} intro={tx('certificateIntro')}>
      {current && (
        <Paper withBorder radius="lg" p="md" component="section" aria-label={tx('certificateCurrent')}>
          <Stack gap="xs">
            <Group gap="xs">
              <IconCertificate size={20} aria-hidden />
              <Text fw={600}>{current.title}</Text>
            </Group>
            <Badge color="teal" variant="light">
              {tx('verified')}
            </Badge>
            {current.kind === 'image' ? (
              <Image src={current.link} alt={current.title} maw={360} radius="md" />
            ) : null}
            <Group>
              <Anchor
                href={current.link}
                target="_blank"
                rel="noopener"
                className="touch-link"
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  const { kind, title: name, link } = current;
                  void openDocument(publicDocument(kind, name, link)).catch(() =>
                    window.open(link, '_blank'),
                  );
                }}
              >
                {current.kind === 'pdf' && (
                  <IconFileTypePdf size={16} aria-hidden style={{ verticalAlign: 'middle' }} />
                )}{' '}
                {tx('certificateOpen')}
              </Anchor>
              <RemoveFileButton kind="certificate" small />
            </Group>
          </Stack>
        </Paper>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={tx('certificateLabel')}
            placeholder={tx('certificatePlaceholder')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {tx('certificateFile')}
            </Text>
            <Group>
              <FileButton onChange={setFile} accept="image/png,image/jpeg,image/webp,application/pdf">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhotoUp size={18} aria-hidden />}>
                    {tx('certificateChoose')}
                  </Button>
                )}
              </FileButton>
              {file && <Text size="sm">{tx('certificateChosen', { name: file.name })}</Text>}
            </Group>
            {errors.file && (
              <Text size="sm" c="red" role="alert">
                {errors.file}
              </Text>
            )}
          </Stack>
          {progress !== null && (
            <Progress value={progress} aria-label={tx('uploading', { percent: progress })} />
          )}
          {errors.other && (
            <Alert color="red" role="alert">
              {errors.other}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={progress !== null}>
              {tx('certificateSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorFrame>
  );
}
