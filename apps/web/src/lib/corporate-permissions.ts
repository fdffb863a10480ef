import type { CorporatePermission } from '@agendo/contract';
import { useSyncExternalStore } from 'react';

// spec 000 §3 and 001 §6: a corporate session stores its permission map locally; without one
// everything is allowed. The server enforces the same map; this only hides what would be refused.
const corporateTokenKey = 'corporativeIn';
const permissionsKey = 'corporatePermitions';

function readPermissions(): string {
  try {
    if (!localStorage.getItem(corporateTokenKey)) return '';
    return localStorage.getItem(permissionsKey) ?? '{}';
  } catch {
    return '';
  }
}

function subscribe(listener: () => void) {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export type Can = (permission: CorporatePermission) => boolean;

export function useContactPermissions(): Can {
  const raw = useSyncExternalStore(subscribe, readPermissions, () => '');
  if (raw === '') return () => true;
  let map: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') map = parsed as Record<string, unknown>;
  } catch {
    map = {};
  }
  return (permission) => map[permission] === true;
}
