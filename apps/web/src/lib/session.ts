import { useSyncExternalStore } from 'react';

// spec 000 §3 "Local storage keys".
const tokenKey = 'token';
const corporateTokenKey = 'corporativeIn';
const corporatePermissionsKey = 'corporatePermitions';

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The token sent as Bearer: a corporate token overrides the user's own. */
export function getToken(): string | null {
  return read(corporateTokenKey) || read(tokenKey) || null;
}

export function setToken(token: string): void {
  localStorage.setItem(tokenKey, token);
  emit();
}

export function clearSession(): void {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(corporateTokenKey);
  localStorage.removeItem(corporatePermissionsKey);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === tokenKey || event.key === corporateTokenKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getToken() !== null,
    () => false,
  );
}
