import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { QrReaderPage } from './qr-reader-page.tsx';

type Callback = (result: { getText: () => string } | undefined, error: unknown, controls: Controls) => void;
interface Controls {
  stop: () => void;
}

const scanner = vi.hoisted(() => ({
  start: vi.fn<(callback: Callback) => Promise<Controls>>(),
}));

vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromConstraints(_constraints: unknown, _video: unknown, callback: Callback) {
      return scanner.start(callback);
    }
  },
}));

const entry = 'https://agendo.app/ar/es/qr-reader-live-date/lessonRef001/studentRef01';

function renderPage() {
  return renderRoutes({ 'qr-reader': <QrReaderPage />, '*': <p>Otra página</p> }, '/la/es/qr-reader');
}

function withCamera(available: boolean) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: available ? { getUserMedia: vi.fn() } : undefined,
  });
}

describe('qr-reader', () => {
  beforeEach(() => localStorage.setItem('token', 'tok'));
  afterEach(() => {
    scanner.start.mockReset();
    withCamera(false);
  });

  it('opens the entry a scanned code points to, under this country and language', async () => {
    withCamera(true);
    const stop = vi.fn();
    let scan: Callback = () => {};
    scanner.start.mockImplementation(async (callback) => {
      scan = callback;
      return { stop };
    });
    const router = renderPage();
    expect(await screen.findByLabelText('Imagen de la cámara')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Abriendo la cámara…')).not.toBeInTheDocument());

    act(() => scan({ getText: () => 'https://otra-web.com/promo' }, undefined, { stop }));
    expect(screen.getByRole('alert')).toHaveTextContent('El código no es una entrada de un evento.');
    expect(stop).not.toHaveBeenCalled();

    act(() => scan({ getText: () => entry }, undefined, { stop }));
    expect(router.state.location.pathname).toBe('/la/es/qr-reader-live-date/lessonRef001/studentRef01');
    expect(stop).toHaveBeenCalled();
  });

  it('says when the camera cannot be opened and keeps the pasted link working', async () => {
    withCamera(true);
    scanner.start.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const router = renderPage();
    expect(await screen.findByText('No pudimos acceder a la cámara.')).toBeInTheDocument();

    const input = screen.getByLabelText('Pega el enlace del código');
    await userEvent.type(input, 'hola');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(screen.getByText('El código no es una entrada de un evento.')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.paste(entry);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(router.state.location.pathname).toBe('/la/es/qr-reader-live-date/lessonRef001/studentRef01');
  });

  it('falls back to the pasted link in a browser without camera access', async () => {
    renderPage();
    expect(await screen.findByText('No pudimos acceder a la cámara.')).toBeInTheDocument();
    expect(scanner.start).not.toHaveBeenCalled();
  });

  it('sends a visitor who is not signed in to log in first', async () => {
    localStorage.clear();
    const router = renderPage();
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/la/es/qr-reader')}`);
  });
});
