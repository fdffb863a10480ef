import { CLINICAL_RETENTION_YEARS, LEGAL_VERSIONS } from '@agendo/contract';
import { type DB, inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { profileFilesOf, removeProfileFiles } from '../profile/profile.service.ts';
import { closeAccount, findAccountImage, insertAcceptance } from './legal.repository.ts';

/**
 * Registration accepts the terms and the privacy policy in force (the form says so beside its
 * button). A form that showed an older version is refused, so what is recorded is what was read.
 */
export async function recordSignupAcceptance(
  tx: DB,
  userId: number,
  shownVersion: string | undefined,
  now: string,
  ip: string | null,
) {
  if (shownVersion !== undefined && shownVersion !== LEGAL_VERSIONS.terms) throw new ActionError('E52');
  await acceptVersions(tx, userId, now, ip);
}

export async function acceptVersions(db: DB, userId: number, now: string, ip: string | null) {
  for (const document of ['terms', 'privacy'] as const) {
    await insertAcceptance(db, {
      user_id: userId,
      document,
      version: LEGAL_VERSIONS[document],
      accepted_at: now,
      ip,
    });
  }
}

/** The day until which a closed account's clinical entries are kept (Ley 26.529 art. 18). */
export function retentionEnd(now: Date): string {
  const end = new Date(now.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + CLINICAL_RETENTION_YEARS);
  return end.toISOString().slice(0, 10);
}

/**
 * Closes the account, then removes its image files (picture, logos, certificate, signature):
 * after the commit, so a failed closing never leaves rows pointing at deleted files.
 */
export async function deleteAccount(deps: AppDeps, user: { id: number; ref: string; user_type: number }) {
  const now = deps.now();
  const retainUntil = retentionEnd(now);
  const [files, image] = await Promise.all([
    profileFilesOf(deps.db, user.id),
    findAccountImage(deps.db, user.id),
  ]);
  await inTransaction(deps.db, (tx) => closeAccount(tx, user, now.toISOString(), retainUntil));
  await removeProfileFiles(deps, files);
  if (image) await deps.storage.remove(image);
  return retainUntil;
}
