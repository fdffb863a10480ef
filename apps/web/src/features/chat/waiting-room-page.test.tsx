import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { renderRoutes } from '../../test/render.tsx';
import { WaitingRoomPage } from './waiting-room-page.tsx';

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
