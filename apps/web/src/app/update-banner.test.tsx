import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

const sw = vi.hoisted(() => ({ needRefresh: false, updateServiceWorker: vi.fn() }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: sw.updateServiceWorker,
  }),
}));

function renderAt(path: string) {
  renderRoutes([{ path: '*', element: <UpdatePrompt /> }], path);
}

// spec 000 §2.3 and §4 "App update".
describe('update banner', () => {
  beforeEach(() => {
    sw.updateServiceWorker.mockClear();
  });

  it('stays hidden while no new worker is waiting', () => {
    sw.needRefresh = false;
    renderAt('/ar/es/my-account');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers the reload, which tells the waiting worker to take over and reload', async () => {
    sw.needRefresh = true;
    renderAt('/ar/es/my-account');
    expect(screen.getByRole('status')).toHaveTextContent('Hay una nueva versión disponible.');
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(sw.updateServiceWorker).toHaveBeenCalledWith(true);
  });

  it('is hidden on the notifications screen', () => {
    sw.needRefresh = true;
    renderAt('/ar/es/notifications');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads once the first page has shown (issue 13), then offers the reload', async () => {
    sw.needRefresh = true;
    renderRoutes([{ path: '*', element: <UpdateBanner /> }], '/ar/es/my-account');
    expect(screen.queryByRole('status')).toBeNull();
    // jsdom has no requestIdleCallback: whenIdle's timer (2 s) stands in.
    expect(await screen.findByRole('status', {}, { timeout: 5_000 })).toHaveTextContent(
      'Hay una nueva versión disponible.',
    );
  });
});
