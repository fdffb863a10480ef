import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedMediaQuery } from '../../test/media-query.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';

// pdf.js needs a worker and a real canvas; the viewer only needs a document of 3 A4-ish pages.
const renderPage = vi.fn((_params: { canvas: HTMLCanvasElement; viewport: unknown }) => ({
  promise: Promise.resolve(),
  cancel: vi.fn(),
}));
const getPage = vi.fn(async (pageNumber: number) => ({
  pageNumber,
  getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 848 * scale }),
  render: renderPage,
}));

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument: vi.fn(),
}));
const getDocumentMock = vi.mocked(getDocument);

function documentOf(numPages: number) {
  return { promise: Promise.resolve({ numPages, getPage }), destroy: vi.fn(async () => {}) };
}

function narrowScreen(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, narrow && query === '(max-width: 591px)'),
  );
}

function renderViewer(props: Partial<PdfViewerProps> = {}) {
  renderWithProviders(
    <PdfViewer src="/files/signed/abc" fileName="clase-1.pdf" downloadable={false} {...props} />,
  );
}

/** Lets the dynamic import and the document promise settle without the (possibly fake) timers. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

/** The viewer open and loaded on a narrow or wide screen, its fullscreen timer on the test's clock. */
async function openWithClock(narrow: boolean) {
  narrowScreen(narrow);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderViewer();
  await settle();
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noExplicitAny: the mock stands in for pdf.js's loading task.
  getDocumentMock.mockImplementation(() => documentOf(3) as any);
  renderPage.mockClear();
  getPage.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PdfViewer', () => {
  it('shows the loading state, then page 1 of 3 drawn 300 px wide', async () => {
    renderViewer();
    expect(screen.getByText('Cargando documento…')).toBeInTheDocument();
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    expect(getDocumentMock).toHaveBeenCalledWith(expect.objectContaining({ url: '/files/signed/abc' }));
    // Same-origin worker (CSP script-src 'self'), never a CDN.
    expect(GlobalWorkerOptions.workerSrc).not.toMatch(/^https?:/);
    // The counter shows as soon as the document opens; the page draws right after (async).
    await waitFor(() => expect(getPage).toHaveBeenLastCalledWith(1));
    const canvas = screen.getByRole('img', { name: 'Página 1 de clase-1.pdf' });
    await waitFor(() => expect(canvas.style.width).toBe('300px'));
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  });

  it('turns pages with Siguiente, Anterior and the arrow keys', async () => {
    const user = userEvent.setup();
    renderViewer();
    await screen.findByText('Página 1 de 3');

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await waitFor(() => expect(getPage).toHaveBeenLastCalledWith(2));

    const viewer = screen.getByRole('region', { name: 'Documento clase-1.pdf' });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();

    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });

  it('zooms by 1.2 per step and draws at the device pixel ratio', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(2);
    renderViewer();
    await screen.findByText('Página 1 de 3');
    const canvas = screen.getByRole<HTMLCanvasElement>('img', { name: 'Página 1 de clase-1.pdf' });
    // The page draws after the counter shows (pdf.js renders asynchronously): wait for it.
    await waitFor(() => expect(canvas.width).toBe(600));

    await user.click(screen.getByRole('button', { name: 'Acercar' }));
    await waitFor(() => expect(canvas.style.width).toBe('360px'));
    await waitFor(() => expect(canvas.width).toBe(720));

    await user.click(screen.getByRole('button', { name: 'Alejar' }));
    await user.click(screen.getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(canvas.style.width).toBe('250px'));
  });

  it('offers Descargar only when the lesson allows the download', async () => {
    renderViewer({ downloadable: false });
    await screen.findByText('Página 1 de 3');
    expect(screen.queryByRole('link', { name: 'Descargar' })).not.toBeInTheDocument();
  });

  it('Descargar links to the file with its name', async () => {
    renderViewer({ downloadable: true });
    await screen.findByText('Página 1 de 3');
    const link = screen.getByRole('link', { name: 'Descargar' });
    expect(link).toHaveAttribute('href', '/files/signed/abc');
    expect(link).toHaveAttribute('download', 'clase-1.pdf');
  });

  it('Agrandar becomes Achicar and back; Escape leaves fullscreen', async () => {
    const user = userEvent.setup();
    renderViewer();
    await screen.findByText('Página 1 de 3');
    const viewer = screen.getByRole('region', { name: 'Documento clase-1.pdf' });
    expect(viewer.style.position).toBe('');

    await user.click(screen.getByRole('button', { name: 'Agrandar' }));
    expect(screen.getByRole('button', { name: 'Achicar' })).toBeInTheDocument();
    expect(viewer.style.position).toBe('fixed');

    await user.click(screen.getByRole('button', { name: 'Achicar' }));
    expect(screen.getByRole('button', { name: 'Agrandar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agrandar' }));
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Agrandar' })).toBeInTheDocument();
  });

  it('on a screen narrower than 592 px goes fullscreen 2000 ms after loading', async () => {
    await openWithClock(true);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Agrandar' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Achicar' })).toBeInTheDocument();
  });

  it('on a wide screen stays in the page', async () => {
    await openWithClock(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('button', { name: 'Agrandar' })).toBeInTheDocument();
  });

  it('a reader who leaves fullscreen early is not sent back by the timer', async () => {
    await openWithClock(true);
    fireEvent.click(screen.getByRole('button', { name: 'Agrandar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Achicar' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('button', { name: 'Agrandar' })).toBeInTheDocument();
  });

  it('Marcar como realizado calls onDone', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderViewer({ onDone });
    await user.click(await screen.findByRole('button', { name: 'Marcar como realizado' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the error state when the document cannot be opened, with the download if allowed', async () => {
    getDocumentMock.mockImplementation(
      // biome-ignore lint/suspicious/noExplicitAny: the mock stands in for pdf.js's loading task.
      () => ({ promise: Promise.reject(new Error('InvalidPDFException')), destroy: vi.fn() }) as any,
    );
    renderViewer({ downloadable: true, onDone: vi.fn() });
    expect(await screen.findByText('No pudimos abrir el documento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como realizado' })).not.toBeInTheDocument();
  });
});
