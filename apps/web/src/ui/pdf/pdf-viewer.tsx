import { ActionIcon, Box, Button, Center, Group, getDefaultZIndex, Loader, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconMaximize,
  IconMinimize,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
// The app's CSP allows scripts and workers from 'self' only: Vite emits the worker as one of our
// own assets instead of the CDN copy pdf.js would otherwise suggest.
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  canvasPixelRatio,
  clampPage,
  pdfAutoFullscreenMs,
  pdfInitialWidth,
  pdfMaxWidth,
  pdfMinWidth,
  pdfReaderWidth,
  pdfSmallScreenQuery,
  zoomIn,
  zoomOut,
} from './pdf-zoom.ts';

export interface PdfViewerProps {
  /**
   * A same-origin URL that answers the PDF to a GET (a lesson's short-lived signed link), or the
   * bytes already fetched with the session (private files: the Bearer header cannot ride a URL).
   */
  src: string | Blob;
  /** The name the downloaded file gets. */
  fileName: string;
  /** spec 002 §6: download only when the lesson's downloadPdf is true. */
  downloadable: boolean;
  /** spec 002 §4: a PDF lesson is marked done with the button, not by reading to the end. */
  onDone?: () => void;
  /**
   * Inside the document reader (spec 000 §2.3), which is already a full-screen dialog: the
   * viewer fills it, starts at the dialog's width and has no Agrandar/Achicar of its own.
   */
  framed?: boolean;
}

type Status = 'loading' | 'ready' | 'error';

// Above the page and its header, below Mantine's toasts so a notice can still be read.
const overlayStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: getDefaultZIndex('modal'),
  background: 'var(--mantine-color-body)',
  display: 'flex',
  flexDirection: 'column',
};

// Fills the reader's dialog body, which is a flex column of the screen's height.
const framedStyle: CSSProperties = { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 };

/** In the reader a page starts as wide as the screen allows, up to a comfortable reading width. */
function framedInitialWidth() {
  return Math.max(pdfMinWidth, Math.min(pdfReaderWidth, window.innerWidth - 48));
}

/**
 * spec 002 §2 "PDF lesson": one page at a time, counter, zoom, optional download, Agrandar/Achicar;
 * also the page view of the shell's PDF reader (spec 000 §2.3).
 */
export function PdfViewer({ src, fileName, downloadable, onDone, framed = false }: PdfViewerProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(() => (framed ? framedInitialWidth() : pdfInitialWidth));
  const [fullscreen, setFullscreen] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const autoFullscreenTimer = useRef<number | undefined>(undefined);
  const total = doc?.numPages ?? 0;

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    setDoc(null);
    setStatus('loading');
    setPage(1);
    (async () => {
      try {
        // Loaded on demand: pdf.js is the heaviest library of the app and only PDF lessons use it.
        const pdfjs = await import('pdfjs-dist');
        if (cancelled) return;
        pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
        // isEvalSupported off: pdf.js would otherwise probe `new Function`, which the CSP reports.
        const source =
          typeof src === 'string' ? { url: src } : { data: new Uint8Array(await src.arrayBuffer()) };
        if (cancelled) return;
        task = pdfjs.getDocument({ ...source, isEvalSupported: false });
        const loaded = await task.promise;
        if (cancelled) return;
        setDoc(loaded);
        setStatus('ready');
      } catch {
        if (!cancelled) setStatus('error');
      }
    })();
    return () => {
      cancelled = true;
      // Also destroys the document and releases the worker's memory.
      void task?.destroy();
    };
  }, [src]);

  // spec 002 §2: on screens narrower than 592 px fullscreen engages by itself 2 s after loading.
  useEffect(() => {
    if (framed || status !== 'ready' || !window.matchMedia(pdfSmallScreenQuery).matches) return;
    const timer = window.setTimeout(() => setFullscreen(true), pdfAutoFullscreenMs);
    autoFullscreenTimer.current = timer;
    return () => window.clearTimeout(timer);
  }, [status, framed]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const scale = width / natural.width;
        const cssHeight = natural.height * scale;
        // Drawn at the screen's pixel density so text stays sharp on phones and retina screens.
        const ratio = canvasPixelRatio(width, cssHeight, window.devicePixelRatio);
        const viewport = pdfPage.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${cssHeight}px`;
        task = pdfPage.render({ canvas, viewport });
        await task.promise;
      } catch {
        // A cancelled render rejects too; only a page that really failed is an error.
        if (!cancelled) setStatus('error');
      }
    })();
    return () => {
      cancelled = true;
      // pdf.js refuses a second render on a canvas whose first one is still running.
      task?.cancel();
    };
  }, [doc, page, width]);

  useEffect(() => {
    if (!fullscreen) return;
    // The page under the overlay must not scroll along with it (phones scroll the body through).
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [fullscreen]);

  function goTo(next: number) {
    const target = clampPage(next, total);
    if (target === page) return;
    setPage(target);
    scrollRef.current?.scrollTo?.({ top: 0 });
  }

  function toggleFullscreen() {
    // The reader chose: the automatic switch must not undo it a moment later.
    window.clearTimeout(autoFullscreenTimer.current);
    setFullscreen((value) => !value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft' && status === 'ready') {
      event.preventDefault();
      goTo(page - 1);
    } else if (event.key === 'ArrowRight' && status === 'ready') {
      event.preventDefault();
      goTo(page + 1);
    } else if (event.key === 'Escape' && fullscreen) {
      toggleFullscreen();
    }
  }

  const download = downloadable && typeof src === 'string' && (
    <Button
      component="a"
      href={src}
      download={fileName}
      variant="default"
      leftSection={<IconDownload size={18} />}
    >
      Descargar
    </Button>
  );

  // The viewer itself takes focus (tabIndex 0) so ArrowLeft/ArrowRight turn pages and a zoomed
  // page scrolls by keyboard.
  return (
    <Box
      role="region"
      aria-label={`Documento ${fileName}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      p={fullscreen ? 'sm' : 0}
      style={fullscreen ? overlayStyle : framed ? framedStyle : { display: 'flex', flexDirection: 'column' }}
    >
      {status === 'ready' && (
        <Group justify="space-between" gap="xs" mb="xs">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size="xl"
              variant="default"
              aria-label="Anterior"
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            >
              <IconChevronLeft size={22} />
            </ActionIcon>
            <Text aria-live="polite" miw="7.5em" ta="center">
              Página {page} de {total}
            </Text>
            <ActionIcon
              size="xl"
              variant="default"
              aria-label="Siguiente"
              disabled={page >= total}
              onClick={() => goTo(page + 1)}
            >
              <IconChevronRight size={22} />
            </ActionIcon>
          </Group>
          <Group gap={4}>
            <ActionIcon
              size="xl"
              variant="default"
              aria-label="Alejar"
              title="Alejar"
              disabled={width <= pdfMinWidth}
              onClick={() => setWidth(zoomOut)}
            >
              <IconZoomOut size={22} />
            </ActionIcon>
            <ActionIcon
              size="xl"
              variant="default"
              aria-label="Acercar"
              title="Acercar"
              disabled={width >= pdfMaxWidth}
              onClick={() => setWidth(zoomIn)}
            >
              <IconZoomIn size={22} />
            </ActionIcon>
            {!framed && (
              <Button
                variant="default"
                leftSection={fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
                onClick={toggleFullscreen}
              >
                {fullscreen ? 'Achicar' : 'Agrandar'}
              </Button>
            )}
            {download}
          </Group>
        </Group>
      )}

      <Box
        ref={scrollRef}
        style={
          fullscreen || framed
            ? { flex: 1, minHeight: 0, overflow: 'auto' }
            : { maxWidth: '100%', overflow: 'auto' }
        }
      >
        {status === 'loading' && (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <Loader />
              <Text>Cargando documento…</Text>
            </Stack>
          </Center>
        )}
        {status === 'error' && (
          <Stack align="center" gap="sm" py="xl">
            <Text role="alert">No pudimos abrir el documento.</Text>
            {download}
          </Stack>
        )}
        {status === 'ready' && (
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={`Página ${page} de ${fileName}`}
            style={{ display: 'block', margin: '0 auto' }}
          />
        )}
      </Box>

      {status === 'ready' && onDone && (
        <Group justify="center" mt="sm">
          <Button leftSection={<IconCheck size={18} />} onClick={onDone}>
            Marcar como realizado
          </Button>
        </Group>
      )}
    </Box>
  );
}
