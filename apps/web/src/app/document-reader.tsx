import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReaderDocument } from '../ui/document-reader-slot.tsx';
import classes from './document-reader.module.css';

// pdf.js is the heaviest library of the app: an image never loads it.
const PdfViewer = lazy(() => import('../ui/pdf/pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; blob: Blob; url: string };

/** The document's bytes and a blob: URL for the image and Descargar, released when it changes. */
function useDocumentBytes(document: ReaderDocument, attempt: number): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Reintentar) fetches again.
  useEffect(() => {
    let alive = true;
    let url: string | null = null;
    setLoaded({ status: 'loading' });
    document
      .load()
      .then((blob) => {
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setLoaded({ status: 'ready', blob, url });
      })
      .catch(() => alive && setLoaded({ status: 'error' }));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [document, attempt]);
  return loaded;
}

/**
 * spec 000 §2.3 PDF reader and image reader: a full-screen dialog (focus kept inside, Escape and
 * Cerrar close it; the host gives focus back to what opened it) with the document's title and Descargar.
 * Phones of 572 px or less never get here: the slot opens a new tab for them.
 */
export function DocumentReader({
  document,
  opened,
  onClose,
}: {
  document: ReaderDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const loaded = useDocumentBytes(document, attempt);
  const what = document.kind === 'pdf' ? 'el documento' : 'la imagen';
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen returnFocus={false}>
      <Modal.Overlay />
      <Modal.Content className={classes.content}>
        <Modal.Header className={classes.header}>
          <Modal.Title className={classes.title}>{document.title}</Modal.Title>
          <Group gap="xs" wrap="nowrap">
            {loaded.status === 'ready' && (
              <Button
                component="a"
                href={loaded.url}
                download={document.fileName}
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
              >
                Descargar
              </Button>
            )}
            <Modal.CloseButton aria-label="Cerrar" size="xl" />
          </Group>
        </Modal.Header>
        <Modal.Body className={classes.body}>
          {loaded.status === 'loading' && <Waiting what={what} />}
          {loaded.status === 'error' && (
            <Stack align="center" gap="sm" py="xl">
              <Text role="alert">No pudimos abrir {what}. Revisa tu conexión y vuelve a intentarlo.</Text>
              <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
                Reintentar
              </Button>
            </Stack>
          )}
          {loaded.status === 'ready' &&
            (document.kind === 'pdf' ? (
              <Suspense fallback={<Waiting what={what} />}>
                <PdfViewer src={loaded.blob} fileName={document.fileName} downloadable={false} framed />
              </Suspense>
            ) : (
              <div className={classes.imageFrame}>
                <img src={loaded.url} alt={document.title} className={classes.image} />
              </div>
            ))}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function Waiting({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader />
        <Text>Cargando {what}…</Text>
      </Stack>
    </Center>
  );
}
