import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { DocumentReaderProvider, type ReaderDocument } from '../ui/document-reader-slot.tsx';

// The reader (and pdf.js behind it) loads the first time someone opens a document.
const DocumentReader = lazy(() =>
  import('./document-reader.tsx').then((m) => ({ default: m.DocumentReader })),
);

/**
 * Holds the shell's PDF and image reader (spec 000 §2.3) and hands its opener to the pages
 * below. Focus goes back to what opened the reader when it closes: the dialog cannot do that
 * itself the first time, since it mounts already open (Mantine remembers the focused element
 * only when `opened` changes).
 */
export function DocumentReaderHost({ children }: { children: ReactNode }) {
  const [document, setDocument] = useState<ReaderDocument | null>(null);
  const [opened, setOpened] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: ReaderDocument) => {
    opener.current =
      globalThis.document.activeElement instanceof HTMLElement ? globalThis.document.activeElement : null;
    setDocument(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => {
    setOpened(false);
    // After the dialog has let go of the focus trap.
    window.setTimeout(() => opener.current?.focus(), 0);
  }, []);
  return (
    <DocumentReaderProvider value={open}>
      {children}
      {document && (
        <Suspense fallback={null}>
          <DocumentReader document={document} opened={opened} onClose={close} />
        </Suspense>
      )}
    </DocumentReaderProvider>
  );
}
