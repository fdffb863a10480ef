const reloadedAtKey = 'chunkReloadAt';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

let recovering = false;

/**
 * spec 000 §4 "App update": a chunk that fails to load means an old worker or cache served a
 * stale shell; drop both and reload after one second. A second failure within a minute is
 * left to the error screen so a broken deploy cannot loop forever.
 */
export function recoverFromChunkError(): boolean {
  if (recovering) return true;
  const last = Number(sessionStorage.getItem(reloadedAtKey) ?? 0);
  if (Date.now() - last < 60_000) return false;
  recovering = true;
  sessionStorage.setItem(reloadedAtKey, String(Date.now()));
  const cleanup = Promise.allSettled([
    navigator.serviceWorker
      ?.getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))),
    typeof caches === 'undefined'
      ? undefined
      : caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))),
  ]);
  cleanup.finally(() => {
    setTimeout(() => window.location.reload(), 1000);
  });
  return true;
}

export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (recoverFromChunkError()) event.preventDefault();
  });
}
