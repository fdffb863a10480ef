import type { ServerFrame } from '@agendo/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { WaitingRoomPage } from './waiting-room-page.tsx';

/** The browser's WebSocket, played by the test. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  receive(frame: ServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

const renderScreen = () =>
  renderRoutes({ 'waiting-room': <WaitingRoomPage />, login: <p>Ingreso</p> }, '/ar/es/waiting-room');

describe('the waiting room screen (issue 17, call-turnbox)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for a session first', async () => {
    renderScreen();
    expect(await screen.findByText('Ingreso')).toBeInTheDocument();
  });

  it('waits, then calls each announced client at once, keeping the earlier calls below', async () => {
    localStorage.setItem('token', 'tok-aaaaaaaaaaaaaaaaaaaaaaaa');
    renderScreen();
    expect(await screen.findByText('Esperando el próximo llamado.')).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeSocket.last?.readyState).toBe(1));
    const socket = FakeSocket.last as FakeSocket;

    socket.receive({
      type: 'turnbox.announced',
      name: 'Martín P.',
      box: 'Box 2',
      at: '2026-11-25T12:30:00.000Z',
    });
    expect(screen.getByText('Martín P.')).toBeInTheDocument();
    expect(screen.getByText('Pasa a Box 2')).toBeInTheDocument();

    socket.receive({
      type: 'turnbox.announced',
      name: 'Ana T.',
      box: 'Consultorio 1',
      at: '2026-11-25T12:40:00.000Z',
    });
    expect(screen.getByText('Pasa a Consultorio 1')).toBeInTheDocument();
    const earlier = screen.getByRole('region', { name: 'Llamados anteriores' });
    expect(earlier).toHaveTextContent('Martín P. · Box 2');
    // Frames of other slices change nothing here.
    socket.receive({ type: 'notifications.read', unread: 0 });
    expect(screen.getByText('Ana T.')).toBeInTheDocument();
  });
});
