import { Avatar, type AvatarProps, Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { getToken } from '../../lib/session.ts';

const texts = defineTexts(
  {
    changePhoto: 'Cambiar foto',
    photoDone: 'Actualizamos la foto.',
    photoError: 'No pudimos subir la foto.',
  },
  { changePhoto: 'Change photo', photoDone: 'Photo updated.', photoError: 'We could not upload the photo.' },
);

function bearer(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * spec 001 §2.2 userImg. Contact photos are private (personal data): the server gives them only
 * to the Bearer of the owner's session, and <img src> cannot send that header, so the bytes are
 * fetched here and shown through a blob: URL. Without a photo (or if it fails) the initials show.
 */
export function ContactPhoto({
  path,
  version = 0,
  children,
  ...props
}: { path: string | null | undefined; version?: number; children: ReactNode } & AvatarProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    let objectUrl: string | null = null;
    let live = true;
    fetch(`${path}${version ? `?v=${version}` : ''}`, { headers: bearer() })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, version]);
  return (
    <Avatar src={url} {...props}>
      {children}
    </Avatar>
  );
}

async function uploadContactImage(contactRef: string, file: File): Promise<void> {
  const form = new FormData();
  // The server reads `ref` before the file part.
  form.append('ref', contactRef);
  form.append('image', file);
  const response = await fetch('/upload/contact-image', { method: 'POST', headers: bearer(), body: form });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/** 'Cambiar foto': uploads the chosen picture of the contact and reports back. */
export function ChangePhotoButton({ contactRef, onDone }: { contactRef: string; onDone(): void }) {
  const tx = useTexts(texts);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadContactImage(contactRef, file);
      notifications.show({ color: 'teal', message: tx('photoDone'), autoClose: 10_000 });
      onDone();
    } catch {
      notifications.show({ color: 'red', message: tx('photoError'), autoClose: 10_000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={upload} accept="image/*">
      {(props) => (
        <Button
          {...props}
          variant="subtle"
          size="compact-sm"
          loading={busy}
          leftSection={<IconCamera size={16} aria-hidden />}
          w="fit-content"
          px={4}
        >
          {tx('changePhoto')}
        </Button>
      )}
    </FileButton>
  );
}
