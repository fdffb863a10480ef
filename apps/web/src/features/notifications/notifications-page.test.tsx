import type { AppNotification } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { FakeSocket, signedInWithFakeSocket } from '../../test/fake-socket.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const booked: AppNotification = {
  ref: 'notifRef0001',
  kind: 'booking-booked',
  title: 'Tu cita está reservada: Sesión de psicología',
  body: 'Tu cita quedó reservada. Fecha: miércoles 25 de noviembre de 2026, 10:00 (hora de Buenos Aires).',
  link: 'my-bookings/bookRef0001',
  createdAt: '2026-11-22T12:00:00.000Z',
  read: false,
};
const message: AppNotification = {
  ref: 'notifRef0002',
  kind: 'chat-message',
  title: 'Nuevo mensaje de Laura Gómez',
  body: '¿Confirmas el turno?',
  link: 'chats/chatRef0001',
  createdAt: '2026-11-21T09:00:00.000Z',
  read: true,
};

function renderPage() {
  return renderRoutes(
    { notifications: <NotificationsPage />, '*': <p>Otra página</p> },
    '/ar/es/notifications',
  );
}

describe('the notifications screen (issue 17)', { timeout: 20_000 }, () => {
  signedInWithFakeSocket(callMock);

  it('shows skeletons while loading, then the list with the unread ones marked and their links', async () => {
    let release: () => void = () => {};
    answerActions(callMock, {
      'find-notifications': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: '200', notifications: [booked, message], next: null, unread: 1 });
        }),
    });
    renderPage();
    expect(
      await screen.findByLabelText('Notificaciones', { selector: '[aria-busy="true"]' }),
    ).toBeInTheDocument();
    release();

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-unread');
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(within(items[0] as HTMLElement).getByText('Sin leer:', { exact: false })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/ar/es/my-bookings/bookRef0001',
    );
    expect(within(items[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/ar/es/chats/chatRef0001',
    );
    expect(screen.getByText(booked.body)).toBeInTheDocument();
  });

  it("'Marcar todas como leídas' marks every one read", async () => {
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [booked, message], next: null, unread: 1 },
      'mark-notifications-read': { status: '200', unread: 0 },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(callMock).toHaveBeenCalledWith('mark-notifications-read', { ref: null });
    await vi.waitFor(() =>
      expect(screen.getAllByRole('listitem').every((li) => !li.hasAttribute('data-unread'))).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  it('opening an unread one marks it read and leads to its screen', async () => {
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [booked, message], next: null, unread: 1 },
      'mark-notifications-read': { status: '200', unread: 0 },
    });
    const user = userEvent.setup();
    const router = renderPage();
    const [first] = await screen.findAllByRole('listitem');
    await user.click(within(first as HTMLElement).getByRole('link'));
    expect(callMock).toHaveBeenCalledWith('mark-notifications-read', { ref: booked.ref });
    expect(router.state.location.pathname).toBe('/ar/es/my-bookings/bookRef0001');
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [], next: null, unread: 0 },
    });
    renderPage();
    expect(await screen.findByText('No tienes notificaciones.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  it('reads the list again when a notification arrives live', async () => {
    let answer = { status: '200' as const, notifications: [message], next: null, unread: 0 };
    answerActions(callMock, { 'find-notifications': () => answer });
    renderPage();
    await screen.findByText(message.title);
    const socket = FakeSocket.last;
    await vi.waitFor(() => expect(socket?.sent).toContainEqual({ type: 'resume', lastEventId: null }));

    answer = { ...answer, notifications: [booked, message], unread: 1 };
    socket?.receive({ type: 'notification', notification: booked, unread: 1 });
    expect(await screen.findByText(booked.title)).toBeInTheDocument();
  });

  it('offers push on this device and saves the subscription', async () => {
    const subscription = {
      endpoint: 'https://push.example.com/send/abc',
      toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BPk', auth: 'au' } }),
    };
    let subscribed: typeof subscription | null = null;
    const subscribe = vi.fn(async () => {
      subscribed = subscription;
      return subscription;
    });
    const registration = { pushManager: { getSubscription: async () => subscribed, subscribe } };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal(
      'Notification',
      Object.assign(class {}, { permission: 'default', requestPermission: async () => 'granted' }),
    );
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration },
    });
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [], next: null, unread: 0 },
      'find-push-key': { status: '200', publicKey: 'BFciaTGygEP6RQCF1iZ87l1guOFiLXsPVWAaAbNgqBc' },
      'save-push-subscription': { status: '200' },
    });
    const user = userEvent.setup();
    try {
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Activar avisos' }));
      expect(await screen.findByText('Los avisos están activados en este dispositivo.')).toBeInTheDocument();
      expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
      expect(callMock).toHaveBeenCalledWith('save-push-subscription', {
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'BPk', auth: 'au' },
      });
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('says so when this browser cannot receive push', async () => {
    answerActions(callMock, {
      'find-notifications': { status: '200', notifications: [], next: null, unread: 0 },
    });
    renderPage();
    expect(
      await screen.findByText(
        'Este navegador no permite avisos. Instala Agendo en tu teléfono para recibirlos.',
      ),
    ).toBeInTheDocument();
  });
});
