import { createContext, useCallback, useContext } from 'react';
import { openBlobInNewTab } from '../lib/private-file.ts';

/** A document to read in the shell's PDF or image reader (spec 000 §2.3). */
export interface ReaderDocument {
  kind: 'pdf' | 'image';
  /** The reader's title: what the document is ('Factura 12', the file's name). */
  title: string;
  /** The name Descargar gives the file. */
  fileName: string;
  /** The bytes; private files are fetched with the session, which a bare link cannot carry. */
  load: () => Promise<Blob>;
  /** A public address: on a phone the new tab opens it as it is instead of a copy of the bytes. */
  href?: string;
}

/** spec 000 §2.3: on screens 572 px wide or narrower the readers open a new tab instead. */
export const readerNarrowQuery = '(max-width: 572px)';

/**
 * The shell owns the readers; features reach them through this slot, since features do not
 * import the app (ARCHITECTURE §4).
 */
const ReaderContext = createContext<((document: ReaderDocument) => void) | null>(null);

export const DocumentReaderProvider = ReaderContext.Provider;

/**
 * Answers the opener of a document: the in-app reader on a wide screen, a new tab at 572 px or
 * less and outside the shell (a screen rendered alone). Call it inside the click, so the new tab
 * counts as the click's answer for pop-up blockers; it rejects when the bytes cannot be fetched
 * for the tab (the reader shows its own error).
 */
export function useDocumentReader(): (document: ReaderDocument) => Promise<void> {
  const show = useContext(ReaderContext);
  return useCallback(
    (document: ReaderDocument) => {
      if (show && !window.matchMedia(readerNarrowQuery).matches) {
        show(document);
        return Promise.resolve();
      }
      if (document.href) {
        window.open(document.href, '_blank', 'noopener');
        return Promise.resolve();
      }
      return openBlobInNewTab(
        document.load,
        document.fileName,
        document.kind === 'pdf' ? 'application/pdf' : undefined,
      );
    },
    [show],
  );
}

/** The bytes of a public file (a certificate) for the reader. */
export async function fetchPublicFile(href: string): Promise<Blob> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/** What a public file's link opens: the reader, with the address itself for phones' new tab. */
export function publicDocument(kind: ReaderDocument['kind'], title: string, href: string): ReaderDocument {
  const name = decodeURIComponent(href.split(/[?#]/)[0]?.split('/').pop() ?? '') || title;
  return { kind, title, fileName: name, href, load: () => fetchPublicFile(href) };
}
