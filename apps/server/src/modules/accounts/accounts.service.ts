import type { DB } from '../../db/database.ts';
import type { NewUser, UserChanges } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { ActionError } from '../../rpc-errors.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, updateUser } from './accounts.repository.ts';

/**
 * What other modules may do with account records. The repository stays private to this
 * module (ARCHITECTURE §6), so its queries can change without touching auth or bookings.
 */
export type Account = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function accountById(db: DB, id: number): Promise<Account | undefined> {
  return findUserById(db, id);
}

export function accountByEmail(db: DB, email: string): Promise<Account | undefined> {
  return findUserByEmail(db, email);
}

/** True when the address belongs to an account, or is waiting to replace one's address. */
export async function isEmailInUse(db: DB, email: string, exceptUserId?: number): Promise<boolean> {
  const owner = await emailTaken(db, email);
  return owner !== undefined && owner.id !== exceptUserId;
}

export function createAccount(db: DB, row: NewUser): Promise<number> {
  return insertUser(db, row);
}

export function updateAccount(db: DB, id: number, changes: UserChanges): Promise<void> {
  return updateUser(db, id, changes);
}

/** Failed password checks per address; logins and re-confirmations count together. */
export const passwordFailuresPerMail = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Re-checks the signed-in user's password before a sensitive change (new password, new e-mail,
 * closing the account). Failures count against the same throttle as logins, so a stolen session cannot be
 * used to guess the password. Wrong password → E43. Here, in the lowest slice, so the slices that
 * ask for it (accounts, legal) need not import auth, which sits above them (ADR 019).
 */
export async function confirmPassword(deps: AppDeps, userId: number, password: string) {
  const user = await accountById(deps.db, userId);
  if (!user) throw new ActionError('E401');
  const rule = passwordFailuresPerMail;
  const key = `login-fail:mail:${user.email}`;
  if (!(await deps.limiter.peek(key, rule.limit)).allowed) throw new ActionError('E429');
  if (!(await verifyPassword(user.password_hash, password))) {
    await deps.limiter.hit(key, rule.limit, rule.windowMs);
    throw new ActionError('E43');
  }
  return user;
}
