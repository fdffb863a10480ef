import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// spec 000 §4 "App update": a chunk-loading failure clears worker registrations and caches
// and reloads after 1 second.
describe('chunk-load recovery', () => {
  const unregister = vi.fn(async () => true);
  const deleteCache = vi.fn(async (_key: string) => true);
  const reload = vi.fn();

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    sessionStorage.clear();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistrations: async () => [{ unregister }, { unregister }] },
    });
    vi.stubGlobal('caches', { keys: async () => ['workbox-precache', 'runtime'], delete: deleteCache });
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    unregister.mockClear();
    deleteCache.mockClear();
    reload.mockClear();
  });

  it('recognises the browsers’ chunk-load errors only', async () => {
    const { isChunkLoadError } = await import('./chunk-recovery.ts');
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('unregisters every worker, deletes every cache, then reloads after one second', async () => {
    const { recoverFromChunkError } = await import('./chunk-recovery.ts');
    expect(recoverFromChunkError()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(deleteCache.mock.calls.map(([key]) => key)).toEqual(['workbox-precache', 'runtime']);
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not loop: a second failure within a minute is left to the error screen', async () => {
    sessionStorage.setItem('chunkReloadAt', String(Date.now()));
    const { recoverFromChunkError } = await import('./chunk-recovery.ts');
    expect(recoverFromChunkError()).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reload).not.toHaveBeenCalled();
  });
});
