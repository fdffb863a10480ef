import { CLINICAL_RETENTION_YEARS, LEGAL_VERSIONS } from '@agendo/contract';
import { type DB, inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { asUserType } from '../../lib/flags.ts';
import { accountClosedMail } from '../../lib/mail-templates.ts';
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
 * First every slice's closing step (deps.accountClosing: the plan stops charging, keys and
 * tokens stop working, future bookings are cancelled, sessions end), while the account still
 * has its name for the mails they send; then the account is closed; then its image files
 * (picture, logos, certificate, signature) go: after the commit, so a failed closing never
 * leaves rows pointing at deleted files.
 */
export async function deleteAccount(
  deps: AppDeps,
  user: {
    id: number;
    ref: string;
    user_type: number;
    email: string;
    first_name: string;
    country_id: number;
    lang: string | null;
  },
) {
  const account = { id: user.id, ref: user.ref, userType: asUserType(user.user_type) };
  for (const step of deps.accountClosing) {
    try {
      await step.close(deps, account);
    } catch (error) {
      deps.log.error({ err: error, step: step.name, userId: user.id }, 'account closing: step failed');
      throw error;
    }
  }
  const now = deps.now();
  const retainUntil = retentionEnd(now);
  const [files, image] = await Promise.all([
    profileFilesOf(deps.db, user.id),
    findAccountImage(deps.db, user.id),
  ]);
  // The confirmation goes to the address the account had, in the closing's transaction (the
  // outbox row), so a closed account always has its mail and a failed closing sends none.
  await inTransaction(deps.db, async (tx) => {
    await closeAccount(tx, user, now.toISOString(), retainUntil);
    await deps.mail.send(
      user.email,
      accountClosedMail(user.first_name, retainUntil, appLink(deps.config, user, '')),
      tx,
    );
  });
  await removeProfileFiles(deps, files);
  if (image) await deps.storage.remove(image);
  return retainUntil;
}
