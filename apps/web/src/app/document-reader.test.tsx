import type { OutputOf } from '@agendo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDocument } from 'pdfjs-dist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingTable } from '../features/sales/billing-table.tsx';
import { call } from '../lib/api.ts';
import { billingRowFixture } from '../lib/billing-row-fixture.ts';
import { answerActions } from '../lib/test-actions.ts';
import { fixedMediaQuery } from '../test/media-query.ts';
import { renderRoutes, renderWithProviders } from '../test/render.tsx';
import { publicDocument, type ReaderDocument, useDocumentReader } from '../ui/document-reader-slot.tsx';
import { DocumentReaderHost } from './document-reader-host.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

// pdf.js needs a worker and a real canvas; the reader only needs a document of two pages.
const getPage = vi.fn(async (pageNumber: number) => ({
  pageNumber,
  getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 848 * scale }),
  render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
}));
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: { workerSrc: '' }, getDocument: vi.fn() }));
const getDocumentMock = vi.mocked(getDocument);

const invoiceLink = '/files/invoices/saleRef00001.pdf';
const pdfBytes = '%PDF-1.4 factura';

/** A sales-table row as find-billing-all answers it, already invoiced. */
const invoicedRow = () =>
  billingRowFixture({
    clientPhone: null,
    clientMail: null,
    pay: 1,
    datePay: '2026-11-20T13:00:00.000Z',
    PendingPay: 0,
    billLink: invoiceLink,
  });

const billing: OutputOf<'find-billing-all'> = { status: '200', rows: [invoicedRow()], total: 1 };

/**
 * The screen's width: mantine-datatable shows a column only while its media query matches, so
 * every query matches except the readers' 572 px one, which follows `narrow`.
 */
function screenWidth(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, query === '(max-width: 572px)' ? narrow : true),
  );
}

function renderBilling() {
  return renderRoutes(
    {
      billing: (
        <DocumentReaderHost>
          <BillingTable ownCountry={5} />
        </DocumentReaderHost>
      ),
    },
    '/ar/es/billing',
  );
}

// The reader and pdf.js are lazy chunks: the first open waits for them (seconds on a busy runner).
const lazyWait = { timeout: 8_000 };

/** A screen with one button that opens `document`, as a feature's link does. */
function Opener({ document }: { document: ReaderDocument }) {
  const open = useDocumentReader();
  return (
    <button type="button" onClick={() => void open(document).catch(() => {})}>
      Abrir
    </button>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(pdfBytes, { headers: { 'Content-Type': 'application/pdf' } }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no blob: URLs.
  Object.assign(URL, { createObjectURL: () => 'blob:documento', revokeObjectURL: () => {} });
  getDocumentMock.mockClear();
  getDocumentMock.mockImplementation(
    // biome-ignore lint/suspicious/noExplicitAny: the mock stands in for pdf.js's loading task.
    () => ({ promise: Promise.resolve({ numPages: 2, getPage }), destroy: vi.fn(async () => {}) }) as any,
  );
  answerActions(callMock, { 'find-billing-all': billing });
});

afterEach(() => {
  callMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The sales table and the reader's lazy chunks take seconds to settle on a loaded runner.
describe('PDF reader (spec 000 §2.3)', { timeout: 20_000 }, () => {
  it("on a wide screen 'Ver Factura' opens the invoice in the reader: title, pages, Descargar; Escape closes it and focus goes back", async () => {
    screenWidth(false);
    const open = vi.spyOn(window, 'open');
    const user = userEvent.setup();
    renderBilling();
    const link = await screen.findByRole('button', { name: 'Ver Factura' }, lazyWait);
    await user.click(link);

    const dialog = await screen.findByRole('dialog', { name: 'Factura de Valentina Sosa' }, lazyWait);
    expect(await within(dialog).findByText('Página 1 de 2', {}, lazyWait)).toBeInTheDocument();
    // The private file is fetched with the session and handed to pdf.js as bytes.
    expect(fetchMock).toHaveBeenCalledWith(invoiceLink, expect.anything());
    expect(getDocumentMock).toHaveBeenCalledWith(expect.objectContaining({ data: expect.any(Uint8Array) }));
    const download = within(dialog).getByRole('link', { name: 'Descargar' });
    expect(download).toHaveAttribute('download', 'factura-saleRef00001.pdf');
    expect(download).toHaveAttribute('href', 'blob:documento');
    // Inside the reader the page has no Agrandar of its own: the dialog already fills the screen.
    expect(within(dialog).queryByRole('button', { name: 'Agrandar' })).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('the close button closes it too', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Ver Factura' }, lazyWait));
    const dialog = await screen.findByRole('dialog', { name: 'Factura de Valentina Sosa' }, lazyWait);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('at 572 px or narrower the invoice opens in a new tab instead', async () => {
    screenWidth(true);
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for the opened tab's window.
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as any);
    const user = userEvent.setup();
    renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Ver Factura' }, lazyWait));

    // Opened inside the click (pop-up blockers), pointed at the fetched PDF once it arrived.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:documento'));
    expect(fetchMock).toHaveBeenCalledWith(invoiceLink, expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('image reader (spec 000 §2.3)', { timeout: 20_000 }, () => {
  const photo: ReaderDocument = {
    kind: 'image',
    title: 'Estudio de sangre.jpg',
    fileName: 'Estudio de sangre.jpg',
    load: async () => new Blob(['jpeg'], { type: 'image/jpeg' }),
  };

  it('shows the image full screen with its title and Descargar; pdf.js is not used', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    renderWithProviders(
      <DocumentReaderHost>
        <Opener document={photo} />
      </DocumentReaderHost>,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estudio de sangre.jpg' }, lazyWait);
    expect(await within(dialog).findByRole('img', { name: 'Estudio de sangre.jpg' })).toHaveAttribute(
      'src',
      'blob:documento',
    );
    expect(within(dialog).getByRole('link', { name: 'Descargar' })).toHaveAttribute(
      'download',
      'Estudio de sangre.jpg',
    );
    expect(getDocumentMock).not.toHaveBeenCalled();
    // Focus stays inside the reader while it is open.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(globalThis.document.activeElement as HTMLElement);
    }
  });

  it('says so when the file cannot be fetched, and Reintentar tries again', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    const load = vi
      .fn<() => Promise<Blob>>()
      .mockRejectedValueOnce(new Error('HTTP 500'))
      .mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    renderWithProviders(
      <DocumentReaderHost>
        <Opener document={{ ...photo, load }} />
      </DocumentReaderHost>,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estudio de sangre.jpg' }, lazyWait);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No pudimos abrir la imagen.');
    expect(within(dialog).queryByRole('link', { name: 'Descargar' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByRole('img', { name: 'Estudio de sangre.jpg' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a public file opens its own address in a new tab at 572 px or narrower', async () => {
    screenWidth(true);
    // biome-ignore lint/suspicious/noExplicitAny: the opened tab is not used.
    const open = vi.spyOn(window, 'open').mockReturnValue(null as any);
    const user = userEvent.setup();
    const certificate = publicDocument('pdf', 'Matrícula profesional', '/files/certificates/mat%20123.pdf');
    expect(certificate.fileName).toBe('mat 123.pdf');
    renderWithProviders(
      <DocumentReaderHost>
        <Opener document={certificate} />
      </DocumentReaderHost>,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(open).toHaveBeenCalledWith('/files/certificates/mat%20123.pdf', '_blank', 'noopener');
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('outside the shell (a screen rendered alone) a document opens in a new tab', async () => {
    screenWidth(false);
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for the opened tab's window.
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as any);
    const user = userEvent.setup();
    renderWithProviders(<Opener document={photo} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:documento'));
  });
});
