import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { FakeSocket, signedInWithFakeSocket } from '../../test/fake-socket.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotificationsBell } from './notifications-bell.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('the header bell (issue 17)', () => {
  signedInWithFakeSocket(callMock);

  it('shows the unread count, follows it live, and leads to the notifications screen', async () => {
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [], next: null, unread: 2 },
    });
    renderRoutes({ home: <NotificationsBell /> }, '/ar/es/home');
    const bell = await screen.findByRole('link', { name: 'Notificaciones, 2 sin leer' });
    expect(bell).toHaveAttribute('href', '/ar/es/notifications');
    expect(screen.getByText('2')).toBeInTheDocument();

    const socket = FakeSocket.last;
    await vi.waitFor(() => expect(socket?.sent).toContainEqual({ type: 'resume', lastEventId: null }));
    socket?.receive({
      type: 'notification',
      notification: {
        ref: 'notifRef0003',
        kind: 'booking-cancelled',
        title: 'Cita cancelada: Sesión',
        body: 'La cita fue cancelada.',
        link: 'my-bookings/bookRef0001',
        createdAt: '2026-11-22T12:00:00.000Z',
        read: false,
      },
      unread: 3,
    });
    expect(await screen.findByRole('link', { name: 'Notificaciones, 3 sin leer' })).toBeInTheDocument();

    // Read on another tab or device.
    socket?.receive({ type: 'notifications.read', unread: 0 });
    expect(await screen.findByRole('link', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.queryByText('3')).toBeNull();
  });
});
