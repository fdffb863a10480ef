import { type KeyRing, openSecret, sealedUnderOldKey, sealSecret } from '../lib/secret-box.ts';
import type { DB } from './database.ts';
import { resealColumns } from './sealed-secrets.repository.ts';

/**
 * `npm run reseal` (issue 28): every sealed secret still under an older key (or from before key
 * ids) is opened with the ring and sealed again under the current key. Afterwards the older keys
 * can leave PREVIOUS_KEY_ENCRYPTION_KEYS. Safe to run again: values under the current key stay.
 */
export function resealSecrets(db: DB, ring: KeyRing): Promise<number> {
  return resealColumns(db, (sealed) =>
    sealedUnderOldKey(ring, sealed) ? sealSecret(ring, openSecret(ring, sealed)) : null,
  );
}
